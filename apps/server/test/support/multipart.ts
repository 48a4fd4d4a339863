/**
 * What app.inject needs to POST one file as multipart/form-data in the form field `field`, signed in
 * with `authorization`.
 */
export function multipartFile(
  field: string,
  file: Buffer,
  filename: string,
  authorization: string,
  contentType = 'image/png',
) {
  const boundary = `----cod-test-${field}-boundary`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
        `Content-Type: ${contentType}\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { authorization, 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
