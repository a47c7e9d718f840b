import type { ServerResponse } from 'node:http';
import { sendJson } from '../http-util';

/** The three error shapes of spec §8, as the API answers them. */

const problemTypes: Record<number, string> = {
  400: 'https://tools.ietf.org/html/rfc9110#section-15.5.1',
  401: 'https://tools.ietf.org/html/rfc9110#section-15.5.2',
  403: 'https://tools.ietf.org/html/rfc9110#section-15.5.4',
  404: 'https://tools.ietf.org/html/rfc9110#section-15.5.5',
  405: 'https://tools.ietf.org/html/rfc9110#section-15.5.6',
  500: 'https://tools.ietf.org/html/rfc9110#section-15.6.1',
};

export interface ProblemDetails {
  type: string;
  title: string;
  status: number;
  detail: string;
  instance: string;
  errors: Record<string, string[]>;
}

export function sendProblem(
  res: ServerResponse,
  input: {
    status: number;
    title: string;
    detail: string;
    instance: string;
    errors?: Record<string, string[]>;
  },
  headers: Record<string, string> = {},
): void {
  const body: ProblemDetails = {
    type: problemTypes[input.status] ?? 'about:blank',
    title: input.title,
    status: input.status,
    detail: input.detail,
    instance: input.instance,
    errors: input.errors ?? {},
  };
  sendJson(res, input.status, body, {
    'Content-Type': 'application/problem+json; charset=utf-8',
    ...headers,
  });
}

export function sendValidationProblem(
  res: ServerResponse,
  instance: string,
  errors: Record<string, string[]>,
): void {
  sendProblem(res, {
    status: 400,
    title: 'One or more validation errors occurred.',
    detail: 'See the errors property for details.',
    instance,
    errors,
  });
}

/** `{ isSuccess: false, message }` — a business failure. */
export function sendFailure(
  res: ServerResponse,
  status: number,
  message: string,
  headers: Record<string, string> = {},
): void {
  sendJson(res, status, { isSuccess: false, message }, headers);
}

/** `{ isSuccess: true, data }` — a command's success. */
export function sendSuccess(res: ServerResponse, data: unknown, status = 200): void {
  sendJson(res, status, { isSuccess: true, data });
}
