import { benchBooking } from '/work/main/bench/booking.bench';
const r1 = await benchBooking('pglite', 3221);
console.log(JSON.stringify(r1));
if (process.env.DATABASE_URL) console.log(JSON.stringify(await benchBooking('postgres', 3222, { DATABASE_URL: process.env.DATABASE_URL })));
