// What a password-confirmed action on a client did, for the success modal the client's page
// shows after it.
export type ActionDone = { title: string; message: string };
