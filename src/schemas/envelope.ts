/** The generic response shape { success, message, data }: every API answer and every client-side result has it. */
export interface ApiResult<T = unknown> {
  success: boolean;
  message: string;
  internet?: boolean;
  data?: T;
}

/** The body of a 400: field name -> message, so forms show the message on the field. */
export interface ValidationErrorData {
  errors: Record<string, string>;
}
