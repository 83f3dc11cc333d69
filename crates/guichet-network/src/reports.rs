//! The network operator's reports, read as the schema's owner: the meters per
//! emission and kiosk, the money each desk took in and paid out, every block with its commitment and (once finished)
//! its seed, and each kiosk's last closing received — the figures a kiosk's
//! operator menu shows for its own file.

use guichet_core::emission::Emission;
use guichet_core::money::Cents;

use crate::error::{NetworkError, unsigned, unsigned_count};
use crate::operator::Operator;

/// What one kiosk sold and paid of one emission.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KioskMeter {
    /// The emission.
    pub emission: &'static Emission,
    /// The kiosk that sold the units.
    pub kiosk: String,
    /// Units sold.
    pub units: u64,
    /// Money staked on them.
    pub staked: Cents,
    /// Prizes paid for them (settled).
    pub paid: Cents,
}

impl KioskMeter {
    /// The return to player, paid over staked (`None` before any stake).
    #[must_use]
    // Cents far below 2^52: exact in an f64.
    #[allow(clippy::cast_precision_loss)]
    pub fn return_to_player(&self) -> Option<f64> {
        self.staked
            .is_positive()
            .then(|| self.paid.get() as f64 / self.staked.get() as f64)
    }
}

/// The money one desk took in or paid out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeskMeter {
    /// The desk, as recorded in the ledger.
    pub desk: String,
    /// Deposits: entries and total.
    pub deposits: (u64, Cents),
    /// Withdrawals: entries and total (positive).
    pub withdrawals: (u64, Cents),
}

/// A block of the network, as its operator sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NetworkBlock {
    /// The emission.
    pub emission: &'static Emission,
    /// Its number in the emission.
    pub number: u32,
    /// Its units.
    pub size: u32,
    /// Units sold.
    pub sold: u32,
    /// Its commitment, in hex.
    pub commitment: String,
    /// When it was opened (`2026-11-29T20:01:02Z`).
    pub opened_at: String,
    /// When its last unit sold, if it did.
    pub finished_at: Option<String>,
    /// Its seed, in hex, once finished (published then).
    pub seed: Option<String>,
}

/// A pack being sold, as its operator sees it: held by a kiosk, or handed
/// back to the reserve part sold.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PackBeingSold {
    /// The emission.
    pub emission: &'static Emission,
    /// Its block's number.
    pub block: u32,
    /// Its number in the block.
    pub number: u32,
    /// Its first unit's index in the block.
    pub first_unit: u32,
    /// Its units.
    pub size: u32,
    /// Units sold.
    pub sold: u32,
    /// The kiosk holding it, or none (in the reserve).
    pub kiosk: Option<String>,
    /// When a kiosk first took it (`2026-11-29T20:01:02Z`), if one did.
    pub taken_at: Option<String>,
    /// When its last unit sold, if one did.
    pub last_sale_at: Option<String>,
}

/// A kiosk's last closing the network received.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LastClosing {
    /// The kiosk.
    pub kiosk: String,
    /// The closing's number.
    pub counter: i64,
    /// When the network received it.
    pub received_at: String,
    /// The closing as the kiosk signed it (JSON).
    pub body: String,
    /// Its signature.
    pub signature: Vec<u8>,
}

impl Operator {
    /// The meters of every emission at every kiosk that sold it, by emission
    /// (the games' order) and kiosk.
    ///
    /// # Errors
    /// An emission this build does not know; the server's refusal.
    pub fn meters(&mut self) -> Result<Vec<KioskMeter>, NetworkError> {
        let rows = self.client.query(
            "SELECT b.emission, s.kiosk, count(*),
                    coalesce(sum(-stake.amount_cents), 0)::bigint,
                    coalesce(sum(prize.amount_cents), 0)::bigint
             FROM guichet.sales s
             JOIN guichet.blocks b ON b.id = s.block_id
             LEFT JOIN guichet.ledger stake ON stake.kind = 'stake'
                  AND stake.block_id = s.block_id AND stake.unit_index = s.unit_index
             LEFT JOIN guichet.ledger prize ON prize.kind = 'prize'
                  AND prize.block_id = s.block_id AND prize.unit_index = s.unit_index
             GROUP BY b.emission, s.kiosk",
            &[],
        )?;
        let mut meters = rows
            .iter()
            .map(|row| {
                Ok(KioskMeter {
                    emission: emission(row.get(0))?,
                    kiosk: row.get(1),
                    units: unsigned_count(row.get(2), "a kiosk's units sold")?,
                    staked: Cents(row.get(3)),
                    paid: Cents(row.get(4)),
                })
            })
            .collect::<Result<Vec<_>, NetworkError>>()?;
        meters.sort_by_key(|meter| (order(meter.emission), meter.kiosk.clone()));
        Ok(meters)
    }

    /// The money each desk took in and paid out, by desk.
    ///
    /// # Errors
    /// The server's refusal.
    pub fn desk_meters(&mut self) -> Result<Vec<DeskMeter>, NetworkError> {
        let count = |value: i64| unsigned_count(value, "a desk's count of payments");
        self.client
            .query(
                "SELECT kiosk,
                        count(*) FILTER (WHERE kind = 'deposit'),
                        coalesce(sum(amount_cents) FILTER (WHERE kind = 'deposit'), 0)::bigint,
                        count(*) FILTER (WHERE kind = 'withdrawal'),
                        coalesce(-sum(amount_cents) FILTER (WHERE kind = 'withdrawal'), 0)::bigint
                 FROM guichet.ledger WHERE kind IN ('deposit', 'withdrawal')
                 GROUP BY kiosk ORDER BY kiosk",
                &[],
            )?
            .iter()
            .map(|row| {
                Ok(DeskMeter {
                    desk: row.get(0),
                    deposits: (count(row.get(1))?, Cents(row.get(2))),
                    withdrawals: (count(row.get(3))?, Cents(row.get(4))),
                })
            })
            .collect()
    }

    /// Every block, by emission (the games' order) and number.
    ///
    /// # Errors
    /// An emission this build does not know; the server's refusal.
    pub fn blocks(&mut self) -> Result<Vec<NetworkBlock>, NetworkError> {
        let rows = self.client.query(
            "SELECT emission, number, size, sold, encode(commitment, 'hex'),
                    to_char(opened_at AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"'),
                    to_char(closed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"'),
                    encode(seed, 'hex')
             FROM guichet.public_blocks",
            &[],
        )?;
        let count = |value: i32| unsigned(value, "a block's or pack's number");
        let mut blocks = rows
            .iter()
            .map(|row| {
                Ok(NetworkBlock {
                    emission: emission(row.get(0))?,
                    number: count(row.get(1))?,
                    size: count(row.get(2))?,
                    sold: count(row.get(3))?,
                    commitment: row.get(4),
                    opened_at: row.get(5),
                    finished_at: row.get(6),
                    seed: row.get(7),
                })
            })
            .collect::<Result<Vec<_>, NetworkError>>()?;
        blocks.sort_by_key(|block| (order(block.emission), block.number));
        Ok(blocks)
    }

    /// Every pack being sold — held by a kiosk with units left, or handed
    /// back part sold — by emission (the games' order), block and number:
    /// a kiosk sitting on a pack keeps its block from closing, and
    /// `return_packs` hands it on.
    ///
    /// # Errors
    /// An emission this build does not know; the server's refusal.
    pub fn packs_being_sold(&mut self) -> Result<Vec<PackBeingSold>, NetworkError> {
        let rows = self.client.query(
            "SELECT p.emission, p.block_number, p.number, p.first_unit, p.size, p.sold, p.kiosk,
                    to_char(p.taken_at AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"'),
                    (SELECT to_char(max(s.sold_at) AT TIME ZONE 'UTC',
                                    'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"')
                     FROM guichet.sales s
                     WHERE s.block_id = p.block_id
                       AND s.unit_index BETWEEN p.first_unit AND p.first_unit + p.size - 1)
             FROM guichet.packs p
             WHERE p.sold < p.size AND (p.kiosk IS NOT NULL OR p.sold > 0)",
            &[],
        )?;
        let count = |value: i32| unsigned(value, "a block's or pack's number");
        let mut packs = rows
            .iter()
            .map(|row| {
                Ok(PackBeingSold {
                    emission: emission(row.get(0))?,
                    block: count(row.get(1))?,
                    number: count(row.get(2))?,
                    first_unit: count(row.get(3))?,
                    size: count(row.get(4))?,
                    sold: count(row.get(5))?,
                    kiosk: row.get(6),
                    taken_at: row.get(7),
                    last_sale_at: row.get(8),
                })
            })
            .collect::<Result<Vec<_>, NetworkError>>()?;
        packs.sort_by_key(|pack| (order(pack.emission), pack.block, pack.number));
        Ok(packs)
    }

    /// Each kiosk's last closing received, by kiosk; a kiosk that sent none
    /// is not listed.
    ///
    /// # Errors
    /// The server's refusal.
    pub fn last_closings(&mut self) -> Result<Vec<LastClosing>, NetworkError> {
        Ok(self
            .client
            .query(
                "SELECT DISTINCT ON (kiosk) kiosk, counter,
                        to_char(received_at AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"'),
                        body, signature
                 FROM guichet.kiosk_closings ORDER BY kiosk, counter DESC",
                &[],
            )?
            .iter()
            .map(|row| LastClosing {
                kiosk: row.get(0),
                counter: row.get(1),
                received_at: row.get(2),
                body: row.get(3),
                signature: row.get(4),
            })
            .collect())
    }
}

/// The emission of code `code`, or why it cannot be read.
fn emission(code: &str) -> Result<&'static Emission, NetworkError> {
    guichet_core::games::emission_by_code(code)
        .ok_or_else(|| NetworkError::Unexpected(format!("no emission {code} in this build")))
}

/// `emission`'s place in the registry's order.
fn order(emission: &'static Emission) -> usize {
    guichet_core::games::emissions()
        .position(|known| std::ptr::eq(known, emission))
        .unwrap_or(usize::MAX)
}
