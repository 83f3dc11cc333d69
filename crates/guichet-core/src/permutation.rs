//! A keyed pseudo-random permutation of `0..n`, opened in O(1).
//!
//! A Feistel network over the smallest power of two `2^b ≥ n`, its two halves of
//! `⌈b/2⌉` and `⌊b/2⌋` bits alternating from round to round (as in NIST's FF1), with
//! AES-128 as the round function; values that fall outside `0..n` are walked
//! through the network again until they land inside (cycle-walking). Every step is
//! invertible, so the whole map is a bijection of `0..n`; without the key its
//! order cannot be told from random.

use aes::Aes128;
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
        assert!(value < self.size, "{value} is outside 0..{}", self.size);
        let mut walked = self.network(value);
        while walked >= self.size {
            walked = self.network(walked);
        }
        walked
    }

    /// The preimage of `value`: `invert(apply(x)) == x`.
    ///
    /// # Panics
    /// If `value` is not below [`Permutation::size`].
    #[must_use]
    pub fn invert(&self, value: u32) -> u32 {
        assert!(value < self.size, "{value} is outside 0..{}", self.size);
        let mut walked = self.network_inverse(value);
        while walked >= self.size {
            walked = self.network_inverse(walked);
        }
        walked
    }

    /// One pass through the Feistel network on `0..2^bits`.
    fn network(&self, value: u32) -> u32 {
        let (mut left_bits, mut right_bits) = (self.bits.div_ceil(2), self.bits / 2);
        let mut left = value >> right_bits;
        let mut right = value & mask(right_bits);
        for round in 0..ROUNDS {
            // (L, R) -> (R, L ⊕ F(R)), the halves swapping widths.
            let mixed = (left ^ self.round_function(round, right)) & mask(left_bits);
            left = right;
            right = mixed;
            std::mem::swap(&mut left_bits, &mut right_bits);
        }
        (left << right_bits) | right
    }

    /// The inverse of [`Permutation::network`].
    fn network_inverse(&self, value: u32) -> u32 {
        // After an even number of rounds the widths are back where they began.
        let (mut left_bits, mut right_bits) = (self.bits.div_ceil(2), self.bits / 2);
        let mut left = value >> right_bits;
        let mut right = value & mask(right_bits);
        for round in (0..ROUNDS).rev() {
            std::mem::swap(&mut left_bits, &mut right_bits);
            let previous_left = (right ^ self.round_function(round, left)) & mask(left_bits);
            right = left;
            left = previous_left;
        }
        (left << right_bits) | right
    }

    /// `F(round, half)`: AES of the round number, the half and the domain width.
    fn round_function(&self, round: u8, half: u32) -> u32 {
        let mut block = Array([0_u8; 16]);
        block[0] = round;
        block[1..5].copy_from_slice(&half.to_le_bytes());
        block[5..9].copy_from_slice(&self.size.to_le_bytes());
        self.cipher.encrypt_block(&mut block);
        u32::from_le_bytes([block[0], block[1], block[2], block[3]])
    }
}

const fn mask(bits: u32) -> u32 {
    (1 << bits) - 1
}

#[cfg(test)]
mod tests {
    use super::*;

    fn is_bijection(permutation: &Permutation) -> bool {
        let mut seen = vec![false; permutation.size() as usize];
        for value in 0..permutation.size() {
            let image = permutation.apply(value) as usize;
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
            assert!(is_bijection(&permutation), "size {size}");
        }
    }

    #[test]
    fn is_a_bijection_on_a_block_sized_domain() {
        assert!(is_bijection(&Permutation::new([7; 16], 850_000)));
    }

    #[test]
    fn invert_undoes_apply() {
        let permutation = Permutation::new([3; 16], 1_500_000);
        for value in (0..1_500_000).step_by(997) {
            assert_eq!(permutation.invert(permutation.apply(value)), value);
        }
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
