//! The operator's desk on a network: players' money in and out, and their
//! protection — 7-day deposit and stake limits (a first setting or a lowering
//! at once, a raise [`RAISE_DELAY`] later) and self-exclusion — as on a
//! kiosk's own file. `v2.sql` enforces them in the transaction that deposits
//! or stakes (`guichet.check_protection`); a withdrawal is always possible, up
//! to the balance.

use guichet_core::money::Cents;
use jiff::{SignedDuration, Timestamp};
use postgres::Transaction;

use crate::error::NetworkError;
use crate::operator::Operator;
use guichet_sale::{LimitKind, MAX_EXCLUSION_DAYS, MAX_LIMIT, RAISE_DELAY};

impl Operator {
    /// Credits `amount` to player `name`'s account, at the operator's desk
    /// `desk`, within their 7-day deposit limit. Returns the balance after.
    ///
    /// # Errors
    /// An amount that is not positive; no such player (their limits are set
    /// first, which opens the account); the player excluded, without limits,
    /// or past the deposit limit (the server's refusal says which).
    pub fn deposit(
        &mut self,
        name: &str,
        amount: Cents,
        desk: &str,
    ) -> Result<Cents, NetworkError> {
        self.move_money(name, amount, desk, "deposit")
    }

    /// Pays `amount` out of player `name`'s account at desk `desk`: always
    /// possible, up to the balance. Returns the balance after.
    ///
    /// # Errors
    /// An amount that is not positive; no such player; more than the balance
    /// (the server's refusal).
    pub fn withdraw(
        &mut self,
        name: &str,
        amount: Cents,
        desk: &str,
    ) -> Result<Cents, NetworkError> {
        self.move_money(name, amount, desk, "withdrawal")
    }

    /// A deposit or a withdrawal (`kind`) of `amount`, in one transaction.
    fn move_money(
        &mut self,
        name: &str,
        amount: Cents,
        desk: &str,
        kind: &str,
    ) -> Result<Cents, NetworkError> {
        if !amount.is_positive() {
            return Err(NetworkError::NotPositive(amount));
        }
        let signed = if kind == "deposit" {
            amount.0
        } else {
            -amount.0
        };
        let mut transaction = self.client.transaction()?;
        let (player, balance) = lock_player(&mut transaction, name)?;
        if kind == "deposit" {
            transaction.execute(
                "SELECT guichet.check_protection($1, 'deposit', $2)",
                &[&player, &amount.0],
            )?;
        } else if balance < amount.0 {
            return Err(NetworkError::Unexpected(format!(
                "cannot pay out {amount}: the balance of {name} is {}",
                Cents(balance)
            )));
        }
        let after = balance + signed;
        transaction.execute(
            "UPDATE guichet.players SET balance_cents = $2 WHERE id = $1",
            &[&player, &after],
        )?;
        transaction.execute(
            "INSERT INTO guichet.ledger (player_id, kind, amount_cents, balance_after_cents, kiosk)
             VALUES ($1, $2, $3, $4, $5)",
            &[&player, &kind, &signed, &after, &desk],
        )?;
        transaction.commit()?;
        Ok(Cents(after))
    }

    /// Sets player `name`'s 7-day limit of `kind` to `amount` at desk `desk`
    /// (opening their account if it is new): at once if it is the first or no
    /// higher than the one in force (a raise waiting is then overridden), else
    /// [`RAISE_DELAY`] later (setting again the raise waiting keeps its date).
    /// Returns when it takes effect.
    ///
    /// # Errors
    /// An amount below 1 cent or above [`MAX_LIMIT`]; the server's refusal.
    pub fn set_limit(
        &mut self,
        name: &str,
        kind: LimitKind,
        amount: Cents,
        desk: &str,
    ) -> Result<Timestamp, NetworkError> {
        if !amount.is_positive() || amount > MAX_LIMIT {
            return Err(NetworkError::Unexpected(format!(
                "a 7-day limit is between 0,01 € and {MAX_LIMIT}, not {amount}"
            )));
        }
        let mut transaction = self.client.transaction()?;
        transaction.execute(
            "INSERT INTO guichet.players (name) VALUES ($1) ON CONFLICT (name) DO NOTHING",
            &[&name],
        )?;
        let (player, _) = lock_player(&mut transaction, name)?;
        let record = kind.name();
        // The raise waiting, if any: the last record not yet in force that
        // came after the last one in force (a lowering since voids it).
        let row = transaction.query_one(
            "WITH pending AS (
                 SELECT p.amount_cents, p.effective_at FROM guichet.protection p
                 WHERE p.player_id = $1 AND p.kind = $2 AND p.effective_at > now()
                   AND p.id > coalesce((SELECT max(q.id) FROM guichet.protection q
                                        WHERE q.player_id = $1 AND q.kind = $2
                                          AND q.effective_at <= now()), 0)
                 ORDER BY p.id DESC LIMIT 1)
             SELECT now(), guichet.limit_in_force($1, $2, now()),
                    (SELECT amount_cents FROM pending), (SELECT effective_at FROM pending)",
            &[&player, &record],
        )?;
        let now = timestamp(row.get(0))?;
        let current: Option<i64> = row.get(1);
        let pending: Option<i64> = row.get(2);
        let pending_from: Option<std::time::SystemTime> = row.get(3);
        let effective_at = match (current, pending.zip(pending_from)) {
            (None, _) => now,
            (Some(current), _) if amount.0 <= current => now,
            // The same raise asked again keeps its date.
            (Some(_), Some((waiting, from))) if waiting == amount.0 => timestamp(from)?,
            (Some(_), _) => now + RAISE_DELAY,
        };
        transaction.execute(
            "INSERT INTO guichet.protection (player_id, kind, amount_cents, effective_at, desk)
             VALUES ($1, $2, $3, $4::text::timestamptz, $5)",
            &[
                &player,
                &record,
                &amount.0,
                &effective_at.to_string(),
                &desk,
            ],
        )?;
        transaction.commit()?;
        Ok(effective_at)
    }

    /// Excludes player `name` from play and deposits for `days` days from now
    /// (an exclusion running is only ever lengthened), at desk `desk`.
    /// Returns its end.
    ///
    /// # Errors
    /// `days` outside 1 to [`MAX_EXCLUSION_DAYS`]; no such player; the
    /// server's refusal.
    pub fn exclude(
        &mut self,
        name: &str,
        days: u32,
        desk: &str,
    ) -> Result<Timestamp, NetworkError> {
        if !(1..=MAX_EXCLUSION_DAYS).contains(&days) {
            return Err(NetworkError::Unexpected(format!(
                "an exclusion lasts 1 to {MAX_EXCLUSION_DAYS} days, not {days}"
            )));
        }
        let mut transaction = self.client.transaction()?;
        let (player, _) = lock_player(&mut transaction, name)?;
        let row = transaction.query_one(
            "SELECT now(), (SELECT max(until) FROM guichet.protection
                            WHERE player_id = $1 AND kind = 'exclusion')",
            &[&player],
        )?;
        let now = timestamp(row.get(0))?;
        let asked = now + SignedDuration::from_hours(24 * i64::from(days));
        let until = match row.get::<_, Option<std::time::SystemTime>>(1) {
            Some(running) => timestamp(running)?.max(asked),
            None => asked,
        };
        transaction.execute(
            "INSERT INTO guichet.protection (player_id, kind, until, desk)
             VALUES ($1, 'exclusion', $2::text::timestamptz, $3)",
            &[&player, &until.to_string(), &desk],
        )?;
        transaction.commit()?;
        Ok(until)
    }
}

/// Player `name`'s id and balance, their row locked for the transaction.
fn lock_player(transaction: &mut Transaction<'_>, name: &str) -> Result<(i64, i64), NetworkError> {
    let row = transaction
        .query_opt(
            "SELECT id, balance_cents FROM guichet.players WHERE name = $1 FOR UPDATE",
            &[&name],
        )?
        .ok_or_else(|| {
            NetworkError::Unexpected(format!(
                "there is no player {name}: set their limits first, which opens the account"
            ))
        })?;
    Ok((row.get(0), row.get(1)))
}

/// A time the server gave.
fn timestamp(time: std::time::SystemTime) -> Result<Timestamp, NetworkError> {
    Timestamp::try_from(time).map_err(|error| NetworkError::Unexpected(error.to_string()))
}
