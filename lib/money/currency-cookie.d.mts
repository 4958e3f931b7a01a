export declare const CURRENCY_COOKIE: 'currency';
export declare const NO_CURRENCY_VALUES: readonly string[];
export declare function cookieValues(header: string | null | undefined, name: string): string[];
export declare function currencyChoiceOf(value: string | null | undefined): string | null;
export declare function readCurrencyCookie(header: string | null | undefined): { present: boolean; ambiguous: boolean; choice: string | null };
