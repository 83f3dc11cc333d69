//! Blocks: the finite pools in which units are sold.
//!
//! A block is (emission, block number, 256-bit secret seed). Unit `i` of a block
//! of `N` wins the tier into which `π(i)` falls, where `π` is a keyed permutation
//! of `0..N` and the tiers share `0..N` by their cumulative lot counts, the losing
//! units last. Every tier therefore appears exactly as often as its table says,
//! and the order is unguessable without the seed. Opening a block derives two keys
//! and costs O(1) time and memory.

use std::convert::Infallible;
use std::fmt;
use std::str::FromStr;

use rand::SeedableRng;
use rand::rngs::ChaCha12Rng;
use rayon::prelude::*;
use sha2::{Digest, Sha256};

use crate::emission::Emission;
use crate::money::Cents;
use crate::permutation::Permutation;

/// Units whose permutation one core computes in one go during a walk.
const PARALLEL_BATCH: usize = 4_096;

/// A block's 256-bit secret. Its `Debug` never shows it.
#[derive(Clone, PartialEq, Eq)]
pub struct Seed([u8; 32]);

/// Why text is not a seed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("a seed is 64 hexadecimal digits")]
pub struct SeedParseError;

/// The operating system could not give randomness.
#[derive(Debug, thiserror::Error)]
#[error("the operating system's random source failed: {0}")]
pub struct EntropyError(String);

impl Seed {
    /// A seed from the operating system's cryptographic random source.
    ///
    /// # Errors
    /// [`EntropyError`] if the source fails.
    pub fn generate() -> Result<Self, EntropyError> {
        let mut bytes = [0; 32];
        getrandom::fill(&mut bytes).map_err(|error| EntropyError(error.to_string()))?;
        Ok(Self(bytes))
    }

    /// The seed made of these bytes.
    #[must_use]
    pub const fn from_bytes(bytes: [u8; 32]) -> Self {
        Self(bytes)
    }

    /// The secret bytes, for the store and for revealing a closed block.
    #[must_use]
    pub const fn expose_bytes(&self) -> &[u8; 32] {
        &self.0
    }

    /// The secret as 64 hex digits, for revealing a closed block.
    #[must_use]
    pub fn expose_hex(&self) -> String {
        hex::encode(self.0)
    }
}

impl fmt::Debug for Seed {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str("Seed(<secret>)")
    }
}

impl FromStr for Seed {
    type Err = SeedParseError;

    #[expect(
        clippy::map_err_ignore,
        reason = "the error says it all: not 64 hexadecimal digits"
    )]
    fn from_str(text: &str) -> Result<Self, SeedParseError> {
        let mut bytes = [0; 32];
        hex::decode_to_slice(text, &mut bytes).map_err(|_| SeedParseError)?;
        Ok(Self(bytes))
    }
}

/// SHA-256 over a block's identity and seed: published while the block sells,
/// checked once its seed is revealed.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Commitment(pub [u8; 32]);

impl fmt::Display for Commitment {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str(&hex::encode(self.0))
    }
}

impl fmt::Debug for Commitment {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(formatter, "Commitment({self})")
    }
}

/// The key of a block's unit streams, from which each unit's scenario is drawn.
/// Derived from the seed one way, apart from the permutation's key: it says
/// nothing of which unit wins what, so a kiosk that sells a unit (and is told
/// its prize) may hold it to draw that unit's scenario without the seed.
#[derive(Clone, PartialEq, Eq)]
pub struct UnitStreams(pub [u8; 32]);

impl UnitStreams {
    /// The random stream of unit `index`: the same key and index always give
    /// the same stream.
    #[must_use]
    pub fn unit_rng(&self, index: u32) -> ChaCha12Rng {
        let mut rng = ChaCha12Rng::from_seed(self.0);
        rng.set_stream(u64::from(index));
        rng
    }
}

impl fmt::Debug for UnitStreams {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str("UnitStreams(..)")
    }
}

/// One block of an emission, opened: every unit's prize and random stream.
#[derive(Clone)]
pub struct Block {
    emission: &'static Emission,
    number: u32,
    commitment: Commitment,
    permutation: Permutation,
    unit_streams: UnitStreams,
    /// `cumulative[t]` = lots of tiers `0..=t`.
    cumulative: Vec<u32>,
}

impl fmt::Debug for Block {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter
            .debug_struct("Block")
            .field("emission", &self.emission.code())
            .field("number", &self.number)
            .field("commitment", &self.commitment)
            .finish_non_exhaustive()
    }
}

/// Domain-separated SHA-256 of a purpose, a block's identity and its seed.
fn derive(purpose: &str, emission: &Emission, number: u32, seed: &Seed) -> [u8; 32] {
    let mut hash = Sha256::new();
    for part in [purpose.as_bytes(), emission.code().as_bytes()] {
        hash.update((part.len() as u64).to_le_bytes());
        hash.update(part);
    }
    hash.update(number.to_le_bytes());
    hash.update(seed.0);
    hash.finalize().into()
}

impl Block {
    /// Opens block `number` of `emission` under `seed`. O(1): two hashes and an
    /// AES key schedule, a few hundred bytes.
    #[must_use]
    pub fn open(emission: &'static Emission, number: u32, seed: &Seed) -> Self {
        let permutation_key = derive("guichet/permutation/v1", emission, number, seed);
        let mut aes_key = [0; 16];
        aes_key.copy_from_slice(&permutation_key[..16]);
        let cumulative = emission
            .tiers
            .iter()
            .scan(0, |lots, tier| {
                *lots += tier.lots;
                Some(*lots)
            })
            .collect();
        Self {
            emission,
            number,
            commitment: Self::commitment_of(emission, number, seed),
            permutation: Permutation::new(aes_key, emission.block_size),
            unit_streams: UnitStreams(derive("guichet/unit-stream/v1", emission, number, seed)),
            cumulative,
        }
    }

    /// The commitment of block `number` of `emission` under `seed`.
    #[must_use]
    pub fn commitment_of(emission: &Emission, number: u32, seed: &Seed) -> Commitment {
        Commitment(derive("guichet/commitment/v1", emission, number, seed))
    }

    /// Whether `seed` is the one `commitment` was made for.
    #[must_use]
    pub fn verify(emission: &Emission, number: u32, seed: &Seed, commitment: Commitment) -> bool {
        Self::commitment_of(emission, number, seed) == commitment
    }

    /// The emission this block belongs to.
    #[must_use]
    pub const fn emission(&self) -> &'static Emission {
        self.emission
    }

    /// The block's number within its emission.
    #[must_use]
    pub const fn number(&self) -> u32 {
        self.number
    }

    /// The block's commitment.
    #[must_use]
    pub const fn commitment(&self) -> Commitment {
        self.commitment
    }

    /// Units in this block.
    #[must_use]
    pub const fn size(&self) -> u32 {
        self.emission.block_size
    }

    /// The position in the emission's tiers of the prize won by unit `index`, or
    /// `None` if it loses.
    ///
    /// # Panics
    /// If `index` is not below the block size.
    #[must_use]
    pub fn tier_of_unit(&self, index: u32) -> Option<usize> {
        self.tier_of_rank(self.permutation.apply(index))
    }

    /// The tier into which a permuted index falls: the tiers share `0..N` by
    /// their cumulative lot counts, the losing units after them.
    fn tier_of_rank(&self, rank: u32) -> Option<usize> {
        let tier = self.cumulative.partition_point(|&lots| lots <= rank);
        (tier < self.cumulative.len()).then_some(tier)
    }

    /// The prize won by unit `index` (zero for a losing unit).
    ///
    /// # Panics
    /// If `index` is not below the block size.
    #[must_use]
    pub fn prize_of_unit(&self, index: u32) -> Cents {
        self.tier_of_unit(index)
            .map_or(Cents::ZERO, |tier| self.emission.tiers[tier].prize)
    }

    /// The random stream of unit `index`, from which its scenario is drawn: the
    /// same block and index always give the same stream.
    #[must_use]
    pub fn unit_rng(&self, index: u32) -> ChaCha12Rng {
        self.unit_streams.unit_rng(index)
    }

    /// The key of this block's unit streams, for a kiosk that sells its units
    /// without holding the seed.
    #[must_use]
    pub const fn unit_streams(&self) -> &UnitStreams {
        &self.unit_streams
    }

    /// Walks the whole block in index order, `chunk` units at a time: each chunk's
    /// tiers are computed on every core, then handed to `visit(first_index, tiers)`.
    /// The walk stops at the first error `visit` returns.
    ///
    /// # Errors
    /// The first error of `visit`.
    ///
    /// # Panics
    /// If `chunk` is zero.
    pub fn walk<E>(
        &self,
        chunk: u32,
        mut visit: impl FnMut(u32, &[Option<usize>]) -> Result<(), E>,
    ) -> Result<(), E> {
        assert!(chunk > 0, "chunks hold at least one unit");
        let mut ranks = Vec::with_capacity(chunk as usize);
        let mut tiers = Vec::with_capacity(chunk as usize);
        let mut start = 0;
        while start < self.size() {
            let end = start.saturating_add(chunk).min(self.size());
            ranks.clear();
            ranks.extend(start..end);
            ranks
                .par_chunks_mut(PARALLEL_BATCH)
                .for_each(|batch| self.permutation.apply_in_place(batch));
            tiers.clear();
            tiers.extend(ranks.iter().map(|&rank| self.tier_of_rank(rank)));
            visit(start, &tiers)?;
            start = end;
        }
        Ok(())
    }

    /// Counts the whole block's units per tier.
    #[must_use]
    pub fn tally(&self) -> TierTally {
        let mut tally = TierTally::new(self.emission);
        let walked: Result<(), Infallible> = self.walk(1 << 16, |_, tiers| {
            for &tier in tiers {
                tally.add(tier);
            }
            Ok(())
        });
        let Ok(()) = walked;
        tally
    }
}

/// Units counted per tier of an emission, the losing units apart.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TierTally {
    emission: &'static Emission,
    /// One count per tier, then the losing units.
    counts: Vec<u64>,
}

impl TierTally {
    /// An empty tally for `emission`.
    #[must_use]
    pub fn new(emission: &'static Emission) -> Self {
        Self {
            emission,
            counts: vec![0; emission.tiers.len() + 1],
        }
    }

    /// Counts one unit of `tier` (`None`: a losing unit).
    pub fn add(&mut self, tier: Option<usize>) {
        self.counts[tier.unwrap_or(self.emission.tiers.len())] += 1;
    }

    /// The units found in tier `tier` of the table.
    #[must_use]
    pub fn found(&self, tier: usize) -> u64 {
        self.counts[tier]
    }

    /// The losing units found.
    #[must_use]
    pub fn losing(&self) -> u64 {
        self.counts[self.emission.tiers.len()]
    }

    /// The winning units found.
    #[must_use]
    pub fn winning(&self) -> u64 {
        self.counts[..self.emission.tiers.len()].iter().sum()
    }

    /// What the units found pay.
    ///
    /// # Panics
    /// If the total overflows cents, which no block of units can reach.
    #[must_use]
    pub fn paid(&self) -> Cents {
        Cents::checked_sum(
            self.emission
                .tiers
                .iter()
                .zip(&self.counts)
                .map(|(tier, &count)| {
                    tier.prize
                        .checked_mul(i64::try_from(count).expect("a count of units fits in i64"))
                        .expect("a block's prizes fit in cents")
                }),
        )
        .expect("a block's prizes fit in cents")
    }

    /// Whether every tier, the losing one included, holds exactly the table's count.
    #[must_use]
    pub fn matches_table(&self) -> bool {
        self.emission
            .tiers
            .iter()
            .map(|tier| u64::from(tier.lots))
            .chain([u64::from(self.emission.losing_lots())])
            .eq(self.counts.iter().copied())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::blackjack::game::BLACK_JACK;
    use crate::games::star_fortune::game::STAR_FORTUNE_50;
    use crate::games::x10::game::X10;

    fn seed(byte: u8) -> Seed {
        Seed::from_bytes([byte; 32])
    }

    #[test]
    fn same_seed_same_block() {
        let first = Block::open(&BLACK_JACK, 4, &seed(1));
        let again = Block::open(&BLACK_JACK, 4, &seed(1));
        assert!((0..5_000).all(|i| first.tier_of_unit(i) == again.tier_of_unit(i)));
        assert_eq!(first.commitment(), again.commitment());
    }

    #[test]
    fn another_seed_or_number_another_order() {
        let base = Block::open(&BLACK_JACK, 0, &seed(1));
        for other in [
            Block::open(&BLACK_JACK, 0, &seed(2)),
            Block::open(&BLACK_JACK, 1, &seed(1)),
        ] {
            let differing = (0..5_000)
                .filter(|&i| base.tier_of_unit(i) != other.tier_of_unit(i))
                .count();
            assert!(differing > 1_000, "only {differing} units differ");
            assert_ne!(base.commitment(), other.commitment());
        }
    }

    #[test]
    fn commitment_verifies_only_its_seed() {
        let block = Block::open(&STAR_FORTUNE_50, 3, &seed(5));
        assert!(Block::verify(
            &STAR_FORTUNE_50,
            3,
            &seed(5),
            block.commitment()
        ));
        assert!(!Block::verify(
            &STAR_FORTUNE_50,
            3,
            &seed(6),
            block.commitment()
        ));
        assert!(!Block::verify(
            &STAR_FORTUNE_50,
            4,
            &seed(5),
            block.commitment()
        ));
        assert!(!Block::verify(&BLACK_JACK, 3, &seed(5), block.commitment()));
    }

    #[test]
    fn seeds_parse_from_hex_and_stay_secret_in_debug() {
        let text = "00ff".repeat(16);
        let parsed: Seed = text.parse().expect("64 hex digits");
        assert_eq!(parsed.expose_hex(), text);
        assert!("00ff".parse::<Seed>().is_err());
        assert!("zz".repeat(32).parse::<Seed>().is_err());
        assert_eq!(format!("{parsed:?}"), "Seed(<secret>)");
        let block = Block::open(&BLACK_JACK, 0, &parsed);
        assert!(!format!("{block:?}").contains(&text));
    }

    #[test]
    fn a_unit_wins_its_tiers_prize_and_a_losing_unit_nothing() {
        for emission in crate::games::emissions() {
            let block = Block::open(emission, 0, &seed(9));
            let mut winners = 0;
            for index in (0..block.size()).step_by(61) {
                let prize = block.prize_of_unit(index);
                match block.tier_of_unit(index) {
                    Some(tier) => {
                        assert_eq!(prize, emission.tiers[tier].prize);
                        winners += 1;
                    }
                    None => assert_eq!(prize, Cents::ZERO),
                }
            }
            assert!(winners > 100, "{emission}: {winners} winners");
        }
    }

    #[test]
    fn a_tally_counts_each_tier_and_the_losing_units_apart() {
        let mut tally = TierTally::new(&X10);
        for tier in [Some(0), Some(2), None, Some(0), None] {
            tally.add(tier);
        }
        assert_eq!((tally.found(0), tally.found(1), tally.found(2)), (2, 0, 1));
        assert_eq!((tally.winning(), tally.losing()), (3, 2));
        let prize = |tier: usize| X10.tiers[tier].prize;
        assert_eq!(
            Some(tally.paid()),
            Cents::checked_sum([prize(0), prize(0), prize(2)])
        );
        assert!(!tally.matches_table());
    }

    #[test]
    fn a_block_knows_its_number() {
        for number in [0, 1, 7] {
            assert_eq!(Block::open(&BLACK_JACK, number, &seed(1)).number(), number);
        }
    }

    #[test]
    fn a_commitment_reads_as_its_hex_and_a_block_as_what_is_public() {
        let block = Block::open(&BLACK_JACK, 2, &seed(1));
        let commitment = block.commitment();
        let digits = hex::encode(commitment.0);
        assert_eq!(commitment.to_string(), digits);
        assert_eq!(format!("{commitment:?}"), format!("Commitment({digits})"));
        assert_eq!(
            format!("{block:?}"),
            format!(
                "Block {{ emission: {:?}, number: 2, commitment: Commitment({digits}), .. }}",
                BLACK_JACK.code()
            )
        );
    }

    #[test]
    fn an_opened_block_is_small() {
        // Opening is O(1): the key schedules and one count per tier, no N-entry array.
        let block = Block::open(&BLACK_JACK, 0, &seed(1));
        let heap = block.cumulative.capacity() * std::mem::size_of::<u32>();
        let bytes = std::mem::size_of::<Block>() + heap;
        assert!(bytes < 4_096, "{bytes} bytes");
    }

    #[test]
    fn generated_seeds_differ() {
        let first = Seed::generate().expect("entropy");
        let second = Seed::generate().expect("entropy");
        assert_ne!(first, second);
    }

    #[test]
    fn unit_streams_differ_by_index_and_repeat_by_block() {
        use rand::Rng;
        let block = Block::open(&BLACK_JACK, 0, &seed(1));
        let draw = |index| block.unit_rng(index).next_u64();
        assert_eq!(draw(7), draw(7));
        assert_ne!(draw(7), draw(8));
    }
}
