/**
 * The one zod every schema of the contract is built with, set to Chinese validation
 * messages. Kept out of the package index so that a client importing only codes, routes or
 * constants does not load zod at start (the web's first load, issue 14).
 */
import { z } from 'zod';
import { zhCN } from 'zod/locales';

z.config(zhCN());

export { z };
