/** Security requirements for the OpenAPI document: which routes need a session and how it is carried. */
export const publicRoute = [] as Array<Record<string, string[]>>;
export const signedIn: Array<Record<string, string[]>> = [{ cookieAuth: [] }, { bearerAuth: [] }];

export const securitySchemes = {
  cookieAuth: { type: 'apiKey', in: 'cookie', name: 'khedma.session_token', description: 'Session cookie set at sign-in (web app).' },
  bearerAuth: { type: 'http', scheme: 'bearer', description: 'Session token for mobile and other clients.' },
} as const;
