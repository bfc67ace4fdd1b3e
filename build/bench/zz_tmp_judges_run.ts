import { benchJudges } from '/work/main/build/bench/judges';
await benchJudges();
