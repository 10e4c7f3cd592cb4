// A socket.io client in a process of its own, so that a test measures the server's work during a
// flood, not the sending client's (run in the test's process, the client's own encoding and writes
// took longer than the server's handling). Started by `floodFromOtherProcess` in realtime.ts:
// argv = url, token, event name, JSON payload, count; reports over IPC.
import { io } from 'socket.io-client';

const [url, token, event, payloadJson, countText] = process.argv.slice(2);
const payload = JSON.parse(payloadJson);
const count = Number(countText);
const socket = io(url, { path: '/socket.io/', auth: { token }, transports: ['websocket'], reconnection: false });
let answered = 0;
const answers = {};
socket.once('connect_error', (error) => {
  process.send({ type: 'error', message: error.message });
  process.exit(1);
});
socket.once('connect', () => {
  process.send({ type: 'connected' });
  for (let i = 0; i < count; i++) {
    socket.emit(event, payload, (result) => {
      answered++;
      const key = result?.message ?? String(result?.ok);
      answers[key] = (answers[key] ?? 0) + 1;
    });
  }
  process.send({ type: 'sent' });
});
socket.once('disconnect', (reason) => {
  process.send({ type: 'disconnected', reason, answered, answers }, () => process.exit(0));
});
process.on('message', (message) => {
  if (message === 'report') process.send({ type: 'report', answered, answers });
  if (message === 'stop') socket.disconnect();
});
