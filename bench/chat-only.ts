import { benchChat } from './chat.bench';

/** `npm run bench:chat`: only the chat delivery figures (sizes: CHAT_BENCH_* in chat.bench.ts). */
const figures = await benchChat();
console.table([{ ...figures, rssMb: `A ${figures.rssMb.a} MB, B ${figures.rssMb.b} MB` }]);
if (figures.lost > 0) {
  console.error(`FAIL: ${figures.lost} messages lost`);
  process.exitCode = 1;
}
