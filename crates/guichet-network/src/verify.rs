//! The operator's check of a whole network database against the core: every
//! block's commitment and unit-stream key from its seed, its packs cutting it
//! whole, every sale the unit its pack's order gives (each pack's first units,
//! no gap, no repeat) with the tier its seed gives, every played unit's
//! journal a legal reveal of the scenario it was shown (complete when
//! settled), every stake and prize in the ledger once, every balance
//! explained by its ledger.

use std::collections::HashMap;

use guichet_core::block::{Block, Seed, TierTally};
use guichet_core::generator::{self, scenario_of_unit_under};
use guichet_core::money::Cents;
use guichet_core::reveal::Progress;
use guichet_core::step::RevealStep;

use crate::error::NetworkError;
use crate::operator::Operator;

/// A block as verify reads it: the block its seed opens, and its packs in
/// order.
struct OpenedBlock {
    block: Block,
    packs: Vec<Pack>,
}

/// A block's pack as the database counts it: units `first` to
/// `first + size - 1`, the first `sold` of them sold.
struct Pack {
    number: i32,
    first: u32,
    size: u32,
    sold: u32,
}

impl OpenedBlock {
    /// The place in `packs` of the pack that holds unit `index`.
    fn pack_of(&self, index: u32) -> Option<usize> {
        let place = self
            .packs
            .partition_point(|pack| pack.first <= index)
            .checked_sub(1)?;
        (index < self.packs[place].first + self.packs[place].size).then_some(place)
    }
}

/// A sale's stored tier, `None` when it loses (NULL); a negative one is no
/// tier at all, never read as a loss: `Err` with it.
fn stored_tier(tier: Option<i16>) -> Result<Option<usize>, i16> {
    tier.map(|tier| usize::try_from(tier).ok().ok_or(tier))
        .transpose()
}

/// By block id: the units sold in each pack (by its place), and the tally of
/// their tiers.
type SoldByBlock = (HashMap<i64, Vec<u32>>, HashMap<i64, TierTally>);

/// A unit's stake and prize entries in the ledger: (kind, amount, player).
type Entries = Vec<(String, i64, i64)>;

impl Operator {
    /// Every violation found in the database (none when it is sound), each a
    /// line an operator can act on.
    ///
    /// # Errors
    /// The server's refusal.
    pub fn verify(&mut self) -> Result<Vec<String>, NetworkError> {
        let mut violations = Vec::new();
        let blocks = self.verify_blocks(&mut violations)?;
        let (sold_by_pack, tallies) = self.verify_sales(&blocks, &mut violations)?;
        for (block_id, opened) in &blocks {
            let name = format!(
                "block {} of {}",
                opened.block.number(),
                opened.block.emission()
            );
            let sales = sold_by_pack.get(block_id).map_or(&[][..], Vec::as_slice);
            for (place, pack) in opened.packs.iter().enumerate() {
                let sold = sales.get(place).copied().unwrap_or_default();
                if sold != pack.sold {
                    violations.push(format!(
                        "{name}, pack {}: {} units counted sold, {sold} sales",
                        pack.number, pack.sold
                    ));
                }
            }
            let sold: u32 = sales.iter().sum();
            if sold == opened.block.size()
                && !tallies.get(block_id).is_some_and(TierTally::matches_table)
            {
                violations.push(format!("{name}: sold out, its prizes are not its table's"));
            }
        }
        self.verify_accounts(&mut violations)?;
        Ok(violations)
    }

    /// Every sale checked against its block, and every played unit against
    /// its journal and the ledger. Returns, by block, the units counted sold
    /// and the tally of their tiers.
    fn verify_sales(
        &mut self,
        blocks: &HashMap<i64, OpenedBlock>,
        violations: &mut Vec<String>,
    ) -> Result<SoldByBlock, NetworkError> {
        let journals = self.journals()?;
        let mut entries = self.unit_entries()?;
        let sales = self.client.query(
            "SELECT block_id, unit_index, tier, id, player_id, generator, settled_at IS NOT NULL,
                    bought_in IS NOT NULL
             FROM guichet.sales ORDER BY block_id, unit_index",
            &[],
        )?;
        let mut sold_by_pack: HashMap<i64, Vec<u32>> = HashMap::new();
        let mut tallies: HashMap<i64, TierTally> = HashMap::new();
        for row in &sales {
            let (block_id, index, tier): (i64, i32, Option<i16>) =
                (row.get(0), row.get(1), row.get(2));
            let Some(opened) = blocks.get(&block_id) else {
                continue;
            };
            let block = &opened.block;
            let name = format!(
                "unit {index} of block {} of {}",
                block.number(),
                block.emission()
            );
            let Some((index_u32, place)) = u32::try_from(index)
                .ok()
                .and_then(|index| Some((index, opened.pack_of(index)?)))
            else {
                violations.push(format!("{name}: outside the block"));
                continue;
            };
            let pack = &opened.packs[place];
            let sold = sold_by_pack
                .entry(block_id)
                .or_insert_with(|| vec![0; opened.packs.len()]);
            let expected_index = pack.first + sold[place];
            if index_u32 != expected_index {
                violations.push(format!(
                    "{name}: sold where unit {expected_index} was next in pack {} (a gap or a repeat)",
                    pack.number
                ));
            }
            sold[place] = index_u32 + 1 - pack.first;
            let tier = match stored_tier(tier) {
                Ok(tier) => tier,
                Err(tier) => {
                    violations.push(format!("{name}: sold with tier {tier}, which is no tier"));
                    continue;
                }
            };
            if tier != block.tier_of_unit(index_u32) {
                violations.push(format!(
                    "{name}: sold with tier {tier:?}, its seed gives {:?}",
                    block.tier_of_unit(index_u32)
                ));
            }
            tallies
                .entry(block_id)
                .or_insert_with(|| TierTally::new(block.emission()))
                .add(tier);
            let unit_entries = entries.remove(&(block_id, index)).unwrap_or_default();
            let payer: Option<i64> = row.get(4);
            let generator: Option<i32> = row.get(5);
            let played = Played {
                name: &name,
                prize: block.prize_of_unit(index_u32),
                stake: block.emission().stake,
                settled: row.get(6),
            };
            match (payer, generator) {
                (Some(payer), Some(generator)) => {
                    played.check_ledger(payer, &unit_entries, violations);
                    let steps = journals
                        .get(&row.get::<_, i64>(3))
                        .map_or(&[][..], Vec::as_slice);
                    played.check_journal(block, index_u32, generator, steps, violations);
                }
                _ if !unit_entries.is_empty() => {
                    violations.push(format!("{name}: sold for cash, yet in a player's ledger"));
                }
                // Since version 5 every unit is bought by a player.
                _ if row.get::<_, bool>(7) => {
                    violations.push(format!("{name}: sold with no player paying for it"));
                }
                _ => {}
            }
        }
        for (block_id, index) in entries.into_keys() {
            violations.push(format!(
                "a ledger entry for unit {index} of block id {block_id}, never sold"
            ));
        }
        Ok((sold_by_pack, tallies))
    }

    /// Every block opened with its seed, checked: its commitment, its
    /// unit-stream key, its size, its packs, closed exactly when sold out.
    fn verify_blocks(
        &mut self,
        violations: &mut Vec<String>,
    ) -> Result<HashMap<i64, OpenedBlock>, NetworkError> {
        let mut packs = self.packs(violations)?;
        let mut blocks = HashMap::new();
        for row in self.client.query(
            "SELECT b.id, b.emission, b.number, b.size, b.commitment, b.sold_in_full_packs,
                    b.closed_at IS NOT NULL, b.stream_key, s.seed
             FROM guichet.blocks b JOIN guichet.block_seeds s ON s.block_id = b.id ORDER BY b.id",
            &[],
        )? {
            let (id, code, number): (i64, String, i32) = (row.get(0), row.get(1), row.get(2));
            let name = format!("block {number} of {code}");
            let Some(emission) = guichet_core::games::emission_by_code(&code) else {
                violations.push(format!("{name}: no such emission in this build"));
                continue;
            };
            let seed: Vec<u8> = row.get(8);
            let Ok(seed) = <[u8; 32]>::try_from(seed) else {
                violations.push(format!("{name}: its seed is not 32 bytes"));
                continue;
            };
            let Ok(number) = u32::try_from(number) else {
                violations.push(format!("{name}: its number is below zero"));
                continue;
            };
            let block = Block::open(emission, number, &Seed::from_bytes(seed));
            let (size, commitment, sold, closed): (i32, Vec<u8>, i32, bool) =
                (row.get(3), row.get(4), row.get(5), row.get(6));
            let stream_key: Option<Vec<u8>> = row.get(7);
            if commitment != block.commitment().0 {
                violations.push(format!("{name}: its commitment is not its seed's"));
            }
            if stream_key.as_deref() != Some(&block.unit_streams().0[..]) {
                violations.push(format!("{name}: its unit-stream key is not its seed's"));
            }
            if u32::try_from(size).ok() != Some(block.size()) {
                violations.push(format!(
                    "{name}: {size} units, its emission's blocks have {}",
                    block.size()
                ));
            }
            // A block with no packs has none to check; `check_packs` says
            // whether it should have.
            let packs = packs.remove(&id).unwrap_or_default();
            check_packs(&name, &packs, (block.size(), sold, closed), violations);
            blocks.insert(id, OpenedBlock { block, packs });
        }
        Ok(blocks)
    }

    /// Every block's packs, by block id, in order; a pack with a count below
    /// zero is a violation, and left out.
    fn packs(
        &mut self,
        violations: &mut Vec<String>,
    ) -> Result<HashMap<i64, Vec<Pack>>, NetworkError> {
        let mut packs: HashMap<i64, Vec<Pack>> = HashMap::new();
        for row in self.client.query(
            "SELECT p.block_id, p.number, p.first_unit, p.size, p.sold, b.number, b.emission
             FROM guichet.packs p JOIN guichet.blocks b ON b.id = p.block_id
             ORDER BY p.block_id, p.first_unit",
            &[],
        )? {
            let number: i32 = row.get(1);
            let (first, size, sold): (i32, i32, i32) = (row.get(2), row.get(3), row.get(4));
            let (Ok(first), Ok(size), Ok(sold)) = (
                u32::try_from(first),
                u32::try_from(size),
                u32::try_from(sold),
            ) else {
                let (block, code): (i32, String) = (row.get(5), row.get(6));
                violations.push(format!(
                    "block {block} of {code}, pack {number}: {sold} units sold, its first unit \
                     {first}, {size} units: a count below zero"
                ));
                continue;
            };
            packs.entry(row.get(0)).or_default().push(Pack {
                number,
                first,
                size,
                sold,
            });
        }
        Ok(packs)
    }

    /// Every unit's stake and prize entries in the ledger, by block id and
    /// unit index.
    fn unit_entries(&mut self) -> Result<HashMap<(i64, i32), Entries>, NetworkError> {
        let mut entries: HashMap<(i64, i32), Entries> = HashMap::new();
        for row in self.client.query(
            "SELECT block_id, unit_index, kind, amount_cents, player_id FROM guichet.ledger
             WHERE kind IN ('stake', 'prize') ORDER BY id",
            &[],
        )? {
            entries.entry((row.get(0), row.get(1))).or_default().push((
                row.get(2),
                row.get(3),
                row.get(4),
            ));
        }
        Ok(entries)
    }

    /// Every played unit's journal, by sale.
    fn journals(&mut self) -> Result<HashMap<i64, Vec<Result<RevealStep, String>>>, NetworkError> {
        let mut journals: HashMap<i64, Vec<_>> = HashMap::new();
        for row in self.client.query(
            "SELECT sale_id, step FROM guichet.reveal_steps ORDER BY sale_id, seq",
            &[],
        )? {
            let step: String = row.get(1);
            journals
                .entry(row.get(0))
                .or_default()
                .push(serde_json::from_str(&step).map_err(|_| step));
        }
        Ok(journals)
    }

    /// Every player's balance, explained by their ledger.
    fn verify_accounts(&mut self, violations: &mut Vec<String>) -> Result<(), NetworkError> {
        let names: Vec<String> = self
            .client
            .query("SELECT name FROM guichet.players ORDER BY id", &[])?
            .iter()
            .map(|row| row.get(0))
            .collect();
        for name in names {
            let (balance, explained) = self.account(&name)?;
            if !explained {
                violations.push(format!(
                    "player {name}: the ledger does not explain the balance {balance}"
                ));
            }
        }
        Ok(())
    }
}

/// What is wrong with block `name`'s `packs`, the block of `size` units,
/// `full` of them counted in its packs sold out, closed or not: packs that do
/// not cut it whole, one after the other, or a count or a closing that is not
/// theirs.
fn check_packs(
    name: &str,
    packs: &[Pack],
    (size, full, closed): (u32, i32, bool),
    violations: &mut Vec<String>,
) {
    let mut next = 0;
    for pack in packs {
        if pack.first != next {
            violations.push(format!(
                "{name}: pack {} begins at unit {}, not {next}",
                pack.number, pack.first
            ));
        }
        next = pack.first + pack.size;
    }
    if next != size {
        violations.push(format!("{name}: its packs hold {next} units, not {size}"));
    }
    let in_full_packs: u32 = packs
        .iter()
        .filter(|pack| pack.sold == pack.size)
        .map(|pack| pack.size)
        .sum();
    if u32::try_from(full).ok() != Some(in_full_packs) {
        violations.push(format!(
            "{name}: {full} units counted in packs sold out, they hold {in_full_packs}"
        ));
    }
    if closed != (in_full_packs == size) {
        violations.push(format!(
            "{name}: {in_full_packs} of {size} units sold, yet closed is {closed}"
        ));
    }
}

/// A unit played on a kiosk, as verify checks it.
struct Played<'a> {
    name: &'a str,
    prize: Cents,
    stake: Cents,
    settled: bool,
}

impl Played<'_> {
    /// One stake paid by its player; its prize credited to them once settled,
    /// never before, and nothing for a losing unit.
    fn check_ledger(&self, player: i64, entries: &Entries, violations: &mut Vec<String>) {
        let of = |kind: &str| -> Vec<i64> {
            entries
                .iter()
                .filter(|(entry_kind, _, entry_player)| {
                    entry_kind == kind && *entry_player == player
                })
                .map(|(_, amount, _)| *amount)
                .collect()
        };
        if entries
            .iter()
            .any(|(_, _, entry_player)| *entry_player != player)
        {
            violations.push(format!("{}: in another player's ledger", self.name));
        }
        if of("stake") != [-self.stake.0] {
            violations.push(format!(
                "{}: staked {:?} cents, not once {}",
                self.name,
                of("stake"),
                self.stake
            ));
        }
        let credited = of("prize");
        let owed: &[i64] = if self.settled && self.prize.is_positive() {
            &[self.prize.0]
        } else {
            &[]
        };
        if credited != owed {
            violations.push(format!(
                "{}: credited {credited:?} cents, owed {owed:?} (prize {}, settled {})",
                self.name, self.prize, self.settled
            ));
        }
    }

    /// Its journal replays on the scenario it was shown, complete if settled.
    fn check_journal(
        &self,
        block: &Block,
        index: u32,
        generator: i32,
        journal: &[Result<RevealStep, String>],
        violations: &mut Vec<String>,
    ) {
        let Some(version) = u32::try_from(generator)
            .ok()
            .filter(|&version| generator::draws(version))
        else {
            violations.push(format!(
                "{}: drawn with generator {generator}, this build replays {} to {}",
                self.name,
                generator::OLDEST,
                generator::VERSION
            ));
            return;
        };
        let steps: Result<Vec<RevealStep>, &String> =
            journal.iter().map(|step| step.as_ref().copied()).collect();
        let steps = match steps {
            Ok(steps) => steps,
            Err(step) => {
                violations.push(format!(
                    "{}: a journaled step is not a step: {step}",
                    self.name
                ));
                return;
            }
        };
        let scenario = scenario_of_unit_under(version, block, index, self.prize);
        match Progress::replay(&scenario, &steps) {
            Ok(progress) if self.settled && !progress.is_complete() => {
                violations.push(format!("{}: settled before it was all revealed", self.name));
            }
            Ok(_) => {}
            Err(error) => violations.push(format!(
                "{}: its journal does not replay: {error}",
                self.name
            )),
        }
    }
}
