export declare const NOT_STORED_TAG: string;
