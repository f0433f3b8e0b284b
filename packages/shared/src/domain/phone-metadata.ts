/**
 * libphonenumber-js's full ("max") metadata for country calling code +212 only (Morocco, and Western
 * Sahara which shares it): a kilobyte instead of the library's 140, so the web app's forms check
 * numbers exactly as the server does without the whole world in their bundle. phone-metadata.test.ts
 * fails when the installed library's entries differ; refresh with:
 *   node -e "const x=require('libphonenumber-js/metadata.max.json');console.log(JSON.stringify({version:x.version,country_calling_codes:{212:x.country_calling_codes[212]},countries:{MA:x.countries.MA,EH:x.countries.EH},nonGeographic:{}}))"
 */
import type { MetadataJson } from 'libphonenumber-js/core';

export const MOROCCO_PHONE_METADATA = {"version":4,"country_calling_codes":{"212":["MA","EH"]},"countries":{"MA":["212","00","[5-8]\\d{8}",[9],[["(\\d{4})(\\d{5})","$1-$2",["892"],"0$1"],["(\\d{2})(\\d{7})","$1-$2",["8(?:0[0-7]|9)"],"0$1"],["(\\d)(\\d{2})(\\d{2})(\\d{2})(\\d{2})","$1 $2 $3 $4 $5",["[5-8]"],"0$1"]],"0",0,0,0,0,"[5-8]",[["5(?:(?:18|4[0679]|5[03])\\d|2(?:[0-25-79]\\d|3[1-578]|4[02-46-8]|8[0235-9])|3(?:[0-47]\\d|5[02-9]|6[02-8]|8[014-9]|9[3-9]))\\d{5}"],["(?:6(?:[0-79]\\d|8[0-247-9])|7(?:[016-8]\\d|2[0-8]|3[01]|5[0-5]))\\d{6}"],["80[0-7]\\d{6}"],["89\\d{7}"],0,0,0,0,["(?:592(?:4[0-2]|93)|80[89]\\d\\d)\\d{4}"]]],"EH":["212","00","[5-8]\\d{8}",[9],0,"0",0,0,0,0,0,[["528[89]\\d{5}"],["(?:6(?:[0-79]\\d|8[0-247-9])|7(?:[016-8]\\d|2[0-8]|3[01]|5[0-5]))\\d{6}"],["80[0-7]\\d{6}"],["89\\d{7}"],0,0,0,0,["(?:592(?:4[0-2]|93)|80[89]\\d\\d)\\d{4}"]]]},"nonGeographic":{}} as unknown as MetadataJson;
