//! The meters: what each emission sold and paid over a stretch of the
//! ledger, the cash in and out, and the resets that start a stretch.

use guichet_core::emission::Emission;
use guichet_core::money::Cents;

/// What one emission sold and paid over a stretch of the ledger.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Meter {
    /// The emission (a game at a stake).
    pub emission: &'static Emission,
    /// Units sold (less units refunded).
    pub units: u64,
    /// Money staked (less stakes refunded).
    pub staked: Cents,
    /// Prizes paid.
    pub paid: Cents,
}

impl Meter {
    /// The return to player, paid over staked (`None` before any stake).
    #[must_use]
    pub fn return_to_player(&self) -> Option<f64> {
        (self.staked.is_positive()).then(|| self.paid.get() as f64 / self.staked.get() as f64)
    }
}

/// Money in and out of the account over a stretch of the ledger.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CashMeter {
    /// Deposits: entries and total.
    pub deposits: (u64, Cents),
    /// Withdrawals: entries and total (positive).
    pub withdrawals: (u64, Cents),
}

/// The meters over a stretch of the ledger.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Meters {
    /// One per emission, in the games' order, all six.
    pub emissions: Vec<Meter>,
    /// The account's cash movements.
    pub cash: CashMeter,
}

impl Meters {
    /// Units sold over all emissions.
    #[must_use]
    pub fn units(&self) -> u64 {
        self.emissions.iter().map(|meter| meter.units).sum()
    }

    /// Money staked over all emissions (`None` past `i64` cents, which no
    /// ledger reaches).
    #[must_use]
    pub fn staked(&self) -> Option<Cents> {
        Cents::checked_sum(self.emissions.iter().map(|meter| meter.staked))
    }

    /// Prizes paid over all emissions (`None` past `i64` cents).
    #[must_use]
    pub fn paid(&self) -> Option<Cents> {
        Cents::checked_sum(self.emissions.iter().map(|meter| meter.paid))
    }

    /// The return to player over all emissions, paid over staked (`None`
    /// before any stake).
    #[must_use]
    pub fn return_to_player(&self) -> Option<f64> {
        let (staked, paid) = (self.staked()?, self.paid()?);
        staked
            .is_positive()
            .then(|| paid.get() as f64 / staked.get() as f64)
    }
}

/// A reset of the meters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MeterReset {
    /// When.
    pub at: String,
    /// The operator's reason.
    pub reason: String,
    /// The last ledger entry before it: the meters "since the reset" count the
    /// entries after this one.
    pub last_ledger_id: i64,
}
