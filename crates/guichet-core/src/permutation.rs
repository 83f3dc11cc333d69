//! A keyed pseudo-random permutation of `0..n`, opened in O(1).
//!
//! A Feistel network over the smallest power of two `2^b ≥ n`, its two halves of
//! `⌈b/2⌉` and `⌊b/2⌋` bits alternating from round to round (as in NIST's FF1), with
//! AES-128 as the round function; values that fall outside `0..n` are walked
//! through the network again until they land inside (cycle-walking). Every step is
//! invertible, so the whole map is a bijection of `0..n`; without the key its
//! order cannot be told from random.

use aes::Aes128;
use aes::cipher::consts::U16;
use aes::cipher::{Array, BlockCipherEncrypt, KeyInit};

/// Feistel rounds. Four make a strong pseudo-random permutation in theory; small
/// domains ask for more, and eight keep a wide margin at little cost.
const ROUNDS: u8 = 8;

/// A bijection of `0..n`, keyed by 128 bits.
#[derive(Clone)]
pub struct Permutation {
    cipher: Aes128,
    size: u32,
    /// Bits of the power-of-two domain the network works on.
    bits: u32,
}

impl Permutation {
    /// The permutation of `0..size` chosen by `key`. Costs one AES key schedule.
    ///
    /// # Panics
    /// If `size` is zero.
    #[must_use]
    pub fn new(key: [u8; 16], size: u32) -> Self {
        assert!(size > 0, "a permutation needs a non-empty domain");
        // At least two bits, so that both halves have one.
        let bits = (u32::BITS - (size - 1).leading_zeros()).max(2);
        Self {
            cipher: Aes128::new(&Array(key)),
            size,
            bits,
        }
    }

    /// The size of the domain.
    #[must_use]
    pub const fn size(&self) -> u32 {
        self.size
    }

    /// The image of `value`.
    ///
    /// # Panics
    /// If `value` is not below [`Permutation::size`].
    #[must_use]
    pub fn apply(&self, value: u32) -> u32 {
        let mut values = [value];
        self.apply_in_place(&mut values);
        values[0]
    }

    /// Replaces every value by its image. Many values at once let AES work on
    /// many blocks per call, which is several times faster than one by one.
    ///
    /// # Panics
    /// If a value is not below [`Permutation::size`].
    pub fn apply_in_place(&self, values: &mut [u32]) {
        assert!(
            values.iter().all(|&value| value < self.size),
            "a value is outside 0..{}",
            self.size
        );
        let mut scratch = Vec::with_capacity(values.len());
        self.network(values, &mut scratch);
        // Cycle-walking: send the values that left 0..size through again.
        let mut outside: Vec<usize> = (0..values.len())
            .filter(|&i| values[i] >= self.size)
            .collect();
        let mut walking = Vec::with_capacity(outside.len());
        while !outside.is_empty() {
            walking.clear();
            walking.extend(outside.iter().map(|&i| values[i]));
            self.network(&mut walking, &mut scratch);
            for (&position, &value) in outside.iter().zip(&walking) {
                values[position] = value;
            }
            outside.retain(|&position| values[position] >= self.size);
        }
    }

    /// One pass of every value through the Feistel network on `0..2^bits`.
    fn network(&self, values: &mut [u32], scratch: &mut Vec<Array<u8, U16>>) {
        let (mut left_bits, mut right_bits) = (self.bits.div_ceil(2), self.bits / 2);
        // Each value is held as (left, right) in its own two halves.
        let mut halves: Vec<(u32, u32)> = values
            .iter()
            .map(|&value| (value >> right_bits, value & mask(right_bits)))
            .collect();
        for round in 0..ROUNDS {
            scratch.clear();
            scratch.extend(
                halves
                    .iter()
                    .map(|&(_, right)| self.round_input(round, right)),
            );
            self.cipher.encrypt_blocks(scratch);
            for ((left, right), output) in halves.iter_mut().zip(scratch.iter()) {
                // (L, R) -> (R, L ⊕ F(R)), the halves swapping widths.
                let function = u32::from_le_bytes([output[0], output[1], output[2], output[3]]);
                let mixed = (*left ^ function) & mask(left_bits);
                *left = *right;
                *right = mixed;
            }
            std::mem::swap(&mut left_bits, &mut right_bits);
        }
        // After an even number of rounds the widths are back where they began.
        for (value, (left, right)) in values.iter_mut().zip(halves) {
            *value = (left << right_bits) | right;
        }
    }

    /// The AES input of round `round` on half `half`: the round, the half and
    /// the domain size, so that no two rounds or domains share an input.
    fn round_input(&self, round: u8, half: u32) -> Array<u8, U16> {
        let mut block = Array([0_u8; 16]);
        block[0] = round;
        block[1..5].copy_from_slice(&half.to_le_bytes());
        block[5..9].copy_from_slice(&self.size.to_le_bytes());
        block
    }
}

const fn mask(bits: u32) -> u32 {
    (1 << bits) - 1
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether `permutation` maps `0..size` onto itself, one to one.
    fn is_bijection(permutation: &Permutation, size: u32) -> bool {
        assert_eq!(permutation.size(), size);
        let mut images: Vec<u32> = (0..size).collect();
        permutation.apply_in_place(&mut images);
        let mut seen = vec![false; size as usize];
        for image in images {
            let image = image as usize;
            if seen[image] {
                return false;
            }
            seen[image] = true;
        }
        true
    }

    #[test]
    fn is_a_bijection_on_every_small_domain() {
        for size in 1..=300 {
            let permutation = Permutation::new([size as u8; 16], size);
            assert!(is_bijection(&permutation, size), "size {size}");
        }
    }

    #[test]
    fn is_a_bijection_on_a_block_sized_domain() {
        assert!(is_bijection(&Permutation::new([7; 16], 850_000), 850_000));
    }

    #[test]
    fn many_at_once_equals_one_by_one() {
        let permutation = Permutation::new([3; 16], 1_500_000);
        let mut values: Vec<u32> = (0..1_500_000).step_by(97).collect();
        let one_by_one: Vec<u32> = values
            .iter()
            .map(|&value| permutation.apply(value))
            .collect();
        permutation.apply_in_place(&mut values);
        assert_eq!(values, one_by_one);
    }

    #[test]
    fn depends_on_the_key() {
        let first = Permutation::new([1; 16], 1_000);
        let second = Permutation::new([2; 16], 1_000);
        let same = (0..1_000)
            .filter(|&v| first.apply(v) == second.apply(v))
            .count();
        // Two random permutations agree on about one point.
        assert!(same < 10, "{same} fixed agreements");
    }

    #[test]
    fn is_not_the_identity() {
        let permutation = Permutation::new([9; 16], 1_000);
        let fixed = (0..1_000).filter(|&v| permutation.apply(v) == v).count();
        assert!(fixed < 10, "{fixed} fixed points");
    }
}
