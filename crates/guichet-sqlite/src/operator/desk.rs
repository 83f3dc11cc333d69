//! Cash paid in and out of a player's account by the operator, each with a
//! reason, under the rules of any deposit or withdrawal, and logged.

use guichet_core::money::Cents;
use guichet_sale::{EventKind, StoreError};

use crate::account::LedgerEntry;
use crate::operator::events::insert_event;
use crate::store::Store;

impl Store {
    /// Pays `amount` into card `card`'s account for the operator, with the
    /// reason, under the same rules as any deposit (the player's limits
    /// included). The store then acts for whom it acted for before.
    ///
    /// # Errors
    /// [`StoreError::NoReason`] without a reason; [`StoreError::SignIn`] for
    /// no such card; those of [`Store::deposit`].
    pub fn cash_in(
        &mut self,
        card: &str,
        amount: Cents,
        reason: &str,
    ) -> Result<LedgerEntry, StoreError> {
        let reason = reason_of(reason)?;
        self.for_the_desk(card, |store| {
            store.deposit_noted(amount, |writing, id| {
                insert_event(
                    writing,
                    EventKind::CashIn,
                    &format!("{amount} — {reason}"),
                    Some(id),
                )
            })
        })
    }

    /// Pays `amount` out of card `card`'s account for the operator, with the
    /// reason. The store then acts for whom it acted for before.
    ///
    /// # Errors
    /// [`StoreError::NoReason`] without a reason; [`StoreError::SignIn`] for
    /// no such card; those of [`Store::withdraw`].
    pub fn cash_out(
        &mut self,
        card: &str,
        amount: Cents,
        reason: &str,
    ) -> Result<LedgerEntry, StoreError> {
        let reason = reason_of(reason)?;
        self.for_the_desk(card, |store| {
            store.withdraw_noted(amount, |writing, id| {
                insert_event(
                    writing,
                    EventKind::CashOut,
                    &format!("{amount} — {reason}"),
                    Some(id),
                )
            })
        })
    }

    /// Runs `work` acting for card `card`'s player, then acts again for whom
    /// the store acted for before.
    fn for_the_desk<T>(
        &mut self,
        card: &str,
        work: impl FnOnce(&mut Self) -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        let before = self.play.player.clone();
        self.act_for(card)?;
        let done = work(self);
        self.play.player = before;
        done
    }
}

/// The reason given, trimmed; none is an error.
pub(super) fn reason_of(reason: &str) -> Result<&str, StoreError> {
    let reason = reason.trim();
    if reason.is_empty() {
        Err(StoreError::NoReason)
    } else {
        Ok(reason)
    }
}
