export function isReplyArguments(text: string): boolean;
export function multipartFields(contentType: string, body: Buffer): [string, string][] | null;
export function actionBodyCheck(contentType: string, fetchAction: boolean): ((body: Buffer) => boolean) | null;
