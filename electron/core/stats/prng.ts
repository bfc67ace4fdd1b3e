/**
 * A small seeded pseudo-random generator, so a bootstrap with the same seed gives the same
 * interval on every platform and Node version (Math.random is neither seedable nor specified).
 *
 * xoshiro128** (Blackman & Vigna 2018, "Scrambled linear pseudorandom number generators",
 * reference code xoshiro128starstar.c): 128-bit state, period 2¹²⁸ − 1, 32-bit outputs, all in
 * 32-bit integer arithmetic (Math.imul, shifts), which JavaScript specifies exactly. The state
 * is filled from the seed with SplitMix32 so that nearby seeds give unrelated streams.
 */
export class Xoshiro128 {
  private s0: number;
  private s1: number;
  private s2: number;
  private s3: number;

  /**
   * @param seed any integer (taken modulo 2³²), or a full 4-word state for reproducing the
   *   reference test vectors.
   * @param stream with a numeric seed: which of the seed's streams, 0 (the default) onwards.
   *   Stream k's state is SplitMix32's outputs 4k + 1 … 4k + 4 from the seed, so one seed gives
   *   a bootstrap several unrelated generators (e.g. one per stratum) and stream 0 is unchanged.
   */
  constructor(seed: number | readonly [number, number, number, number], stream = 0) {
    if (typeof seed === 'number') {
      let x = (seed + Math.imul(4 * stream, 0x9e3779b9)) >>> 0;
      const next = (): number => {
        // SplitMix32: a Weyl step by the golden ratio, then MurmurHash3's fmix32 avalanche.
        x = (x + 0x9e3779b9) >>> 0;
        let z = x;
        z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
        z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
        return (z ^ (z >>> 16)) >>> 0;
      };
      this.s0 = next();
      this.s1 = next();
      this.s2 = next();
      this.s3 = next();
      if ((this.s0 | this.s1 | this.s2 | this.s3) === 0) this.s0 = 1;
    } else {
      [this.s0, this.s1, this.s2, this.s3] = seed.map((word) => word >>> 0);
    }
  }

  /**
   * The next 32-bit output as an unsigned integer.
   * @example new Xoshiro128([1, 2, 3, 4]).nextUint32() // 11520
   */
  nextUint32(): number {
    const s1 = this.s1;
    const t = s1 << 9;
    const x = Math.imul(s1, 5);
    const result = Math.imul((x << 7) | (x >>> 25), 9) >>> 0;
    this.s2 ^= this.s0;
    this.s3 ^= s1;
    this.s1 = s1 ^ this.s2;
    this.s0 ^= this.s3;
    this.s2 ^= t;
    this.s3 = (this.s3 << 11) | (this.s3 >>> 21);
    return result;
  }

  /**
   * A uniform double in [0, 1) with 53 random bits (27 + 26 bits of two outputs, as in the
   * reference Mersenne Twister's genrand_res53).
   * @example new Xoshiro128(1).nextDouble() // a number in [0, 1)
   */
  nextDouble(): number {
    return ((this.nextUint32() >>> 5) * 67108864 + (this.nextUint32() >>> 6)) / 9007199254740992;
  }

  /**
   * The next `high.length` values of {@link nextDouble} as their integer parts: the i-th is
   * (high[i] · 2²⁶ + low[i]) / 2⁵³, with high[i] < 2²⁷ and low[i] < 2²⁶ — so a bootstrap can
   * compare uniforms in integers (small integers are the one kind of number V8's interpreter
   * neither allocates nor converts) and run the generator in one loop over local state.
   * Fills indices 0 … count − 1 (default: all of `high`, which `low` is as long as).
   */
  fillUniformBits(high: Int32Array, low: Int32Array, count = high.length): void {
    let s0 = this.s0;
    let s1 = this.s1;
    let s2 = this.s2;
    let s3 = this.s3;
    for (let i = 0; i < count; i++) {
      // Two steps of nextUint32, written out; the shifts keep 27 and 26 bits, as nextDouble does.
      let x = Math.imul(s1, 5);
      high[i] = Math.imul((x << 7) | (x >>> 25), 9) >>> 5;
      let t = s1 << 9;
      s2 ^= s0;
      s3 ^= s1;
      s1 ^= s2;
      s0 ^= s3;
      s2 ^= t;
      s3 = (s3 << 11) | (s3 >>> 21);
      x = Math.imul(s1, 5);
      low[i] = Math.imul((x << 7) | (x >>> 25), 9) >>> 6;
      t = s1 << 9;
      s2 ^= s0;
      s3 ^= s1;
      s1 ^= s2;
      s0 ^= s3;
      s2 ^= t;
      s3 = (s3 << 11) | (s3 >>> 21);
    }
    this.s0 = s0;
    this.s1 = s1;
    this.s2 = s2;
    this.s3 = s3;
  }

  /**
   * A uniform integer in [0, n), without modulo bias (Lemire 2019, "Fast random integer
   * generation in an interval"). Exact for n ≤ 2²¹, where the 32 × 21-bit product fits a
   * double; larger n fall back to a 53-bit uniform, whose bias (< n / 2⁵³) is immaterial.
   *
   * @throws RangeError when n is not a positive safe integer.
   */
  nextBelow(n: number): number {
    if (!(n >= 1 && Number.isSafeInteger(n))) throw new RangeError(`nextBelow: n must be a positive integer, got ${n}`);
    if (n > 0x200000) {
      const u = (this.nextUint32() * 0x200000 + (this.nextUint32() >>> 11)) / 2 ** 53;
      return Math.floor(u * n);
    }
    // Accept r when the low 32 bits of r·n (Math.imul) reach 2^32 mod n; the index is then the
    // high part ⌊r·n / 2^32⌋, exact in doubles because r·n < 2^53.
    const threshold = (0x100000000 - n) % n;
    let r = this.nextUint32();
    while (Math.imul(r, n) >>> 0 < threshold) r = this.nextUint32();
    return (r * n * 2.3283064365386963e-10) | 0;
  }
}

/**
 * Mulberry32: a small deterministic stream of uniforms in [0, 1) for generating data (test
 * ratings, bench graphs) — not the bootstrap's generator, which is {@link Xoshiro128}.
 */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
