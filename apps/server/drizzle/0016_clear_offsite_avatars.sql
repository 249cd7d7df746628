-- Avatars may only be the project's own files or https images on WeChat's hosts (issue 13,
-- finding 7); earlier profiles could point anywhere. Such addresses are cleared: the web
-- shows the initial instead.
UPDATE "users" SET "avatar" = ''
WHERE "avatar" <> ''
  AND NOT ("avatar" LIKE '/api/%' AND "avatar" NOT LIKE '//%')
  AND "avatar" !~ '^https://(thirdwx|wx)\.qlogo\.cn/[^\s\\]*$';
