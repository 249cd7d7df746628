/** Sets the window's width as a browser does when it resizes: the new width, then a resize event. */
export function setWindowWidth(width: number): void {
  window.innerWidth = width;
  window.dispatchEvent(new Event('resize'));
}
