//! A player signed in at a kiosk of the network: the [`PointOfSale`] of the
//! PostgreSQL engine. A purchase is paid and committed first; only then is
//! the kiosk told the unit's prize and its block's unit-stream key (a second
//! call, which the server refuses inside the purchase's transaction), and it
//! draws the unit's scenario itself with the same generator the SQLite engine
//! uses; every step is journaled on the server before it is shown, and the
//! server credits the prize its stored tier gives. Every call gives the
//! player's session, never a bare card number.

use guichet_core::block::{Commitment, Seed};
use guichet_core::emission::Emission;
use guichet_core::generator;
use guichet_core::money::Cents;
use guichet_core::step::RevealStep;

use postgres::types::{ToSql, Type};

use crate::error::NetworkError;
use crate::kiosk::{Kiosk, Session};
use crate::refusal::refusal;
use crate::sale::PublicBlock;
use crate::unit_row::{UNIT_ROW, journal_of, unit_of};
use guichet_sale::{
    BlockFacts, BlockStatus, Limit, PendingRaise, PointOfSale, Protection, PublishedBlock,
    Settlement, StoreError, Unit, UnitState,
};

/// A kiosk's seat for a player: nobody until a player signs in, then that
/// player alone, until they sign out. Signed out, every call of the
/// [`PointOfSale`] is refused ([`StoreError::SignedOut`]) without asking the
/// server.
pub struct PlayerAccount {
    kiosk: Kiosk,
    session: Option<Session>,
}

impl PlayerAccount {
    /// `kiosk`'s seat, nobody signed in.
    #[must_use]
    pub const fn new(kiosk: Kiosk) -> Self {
        Self {
            kiosk,
            session: None,
        }
    }

    /// Signs player `card` in with `pin`, the player signed in before signed
    /// out first. The PIN is checked on the server, which counts every guess
    /// (five wrong in a row lock the card for 15 minutes).
    ///
    /// # Errors
    /// [`StoreError::SignIn`] when the PIN is wrong, the card locked or
    /// unknown; the server's refusal: nobody is signed in then.
    pub fn sign_in(&mut self, card: &str, pin: &str) -> Result<(), StoreError> {
        self.sign_out();
        self.session = Some(self.kiosk.sign_in(card, pin)?);
        Ok(())
    }

    /// Signs the player out: the session ends on the server (or, out of
    /// reach, on its own once unused) and the kiosk forgets it at once.
    pub fn sign_out(&mut self) {
        if let Some(session) = self.session.take() {
            // Out of reach, the server ends it after 30 minutes unused.
            let _ = self.kiosk.client.execute(
                "SELECT guichet.sign_out($1, $2, $3)",
                &[&self.kiosk.name, &self.kiosk.secret, &session.token],
            );
        }
    }

    /// The card of the player signed in, if one is.
    #[must_use]
    pub fn card(&self) -> Option<&str> {
        self.session.as_ref().map(|session| session.card.as_str())
    }

    /// The session's token, or [`StoreError::SignedOut`].
    fn token(&self) -> Result<String, StoreError> {
        self.session
            .as_ref()
            .map(|session| session.token.clone())
            .ok_or(StoreError::SignedOut)
    }

    /// The kiosk itself (its closings, say).
    pub const fn kiosk_mut(&mut self) -> &mut Kiosk {
        &mut self.kiosk
    }

    /// The seat, given back as its kiosk and its session, left open: taken
    /// up again over another connection ([`PlayerAccount::resume`]), from a
    /// pool shared by kiosks, say.
    #[must_use]
    pub fn into_parts(self) -> (Kiosk, Option<Session>) {
        (self.kiosk, self.session)
    }

    /// `kiosk`'s seat with `session` (from [`PlayerAccount::into_parts`]).
    #[must_use]
    pub const fn resume(kiosk: Kiosk, session: Option<Session>) -> Self {
        Self { kiosk, session }
    }

    /// The kiosk, given back, the player signed out.
    #[must_use]
    pub fn into_kiosk(mut self) -> Kiosk {
        self.sign_out();
        self.kiosk
    }

    /// Runs `query` with `run` for the player of session `token`: its
    /// parameters `$1` to `$3` the kiosk's name, its secret and `token`, then
    /// `more`, each with its type — sent with the statement, in one round
    /// trip. A connection lost before is made again first, where the kiosk
    /// can.
    fn call_with<T>(
        &mut self,
        token: &str,
        (query, more): (&str, &[(&(dyn ToSql + Sync), Type)]),
        run: impl FnOnce(
            &mut postgres::Client,
            &str,
            &[(&(dyn ToSql + Sync), Type)],
        ) -> Result<T, postgres::Error>,
    ) -> Result<T, postgres::Error> {
        self.kiosk.reconnect_quietly();
        let Kiosk {
            client,
            name,
            secret,
            ..
        } = &mut self.kiosk;
        let mut params: Vec<(&(dyn ToSql + Sync), Type)> = vec![
            (name, Type::TEXT),
            (secret, Type::TEXT),
            (&token, Type::TEXT),
        ];
        params.extend(more.iter().cloned());
        run(client, query, &params)
    }

    /// The rows of `query` ([`PlayerAccount::call_with`]).
    fn call(
        &mut self,
        token: &str,
        query: &str,
        more: &[(&(dyn ToSql + Sync), Type)],
    ) -> Result<Vec<postgres::Row>, postgres::Error> {
        self.call_with(token, (query, more), |client, query, params| {
            client.query_typed(query, params)
        })
    }

    /// The one row of `query` ([`PlayerAccount::call_with`]).
    fn call_one(
        &mut self,
        token: &str,
        query: &str,
        more: &[(&(dyn ToSql + Sync), Type)],
    ) -> Result<postgres::Row, postgres::Error> {
        self.call_with(token, (query, more), |client, query, params| {
            client.query_typed_one(query, params)
        })
    }

    /// The player's units: unit `wanted` alone, or every one they left
    /// unsettled at this kiosk.
    fn units(&mut self, wanted: Option<i64>) -> Result<Vec<Unit>, StoreError> {
        let token = self.token()?;
        let rows = self
            .call(
                &token,
                &format!("SELECT {UNIT_ROW} FROM guichet.units($1, $2, $3, $4)"),
                &[(&wanted, Type::INT8)],
            )
            .map_err(NetworkError::from)?;
        rows.iter().map(unit_of).collect()
    }

    /// Journals `steps` of `current` (checked against its scenario first: all
    /// or none), and returns it with them.
    fn journal(&mut self, mut current: Unit, steps: &[RevealStep]) -> Result<Unit, StoreError> {
        let unit = current.id;
        if current.state == UnitState::Settled {
            return Err(StoreError::AlreadySettled(unit));
        }
        for &step in steps {
            current
                .progress
                .apply(step)
                .map_err(|source| StoreError::Step { unit, source })?;
        }
        let journal = journal_of(steps);
        let first = i32::try_from(current.steps.len()).unwrap_or(i32::MAX);
        let token = self.token()?;
        self.call_one(
            &token,
            "SELECT guichet.reveal($1, $2, $3, $4, $5, $6)",
            &[
                (&unit, Type::INT8),
                (&first, Type::INT4),
                (&journal, Type::TEXT_ARRAY),
            ],
        )
        .map_err(|error| refusal(error, Cents::ZERO, Some(unit)))?;
        current.steps.extend_from_slice(steps);
        if !current.steps.is_empty() {
            current.state = UnitState::Revealing;
        }
        Ok(current)
    }

    /// Settles `current` once it is fully revealed, and returns it settled.
    fn close(&mut self, mut current: Unit) -> Result<Settlement, StoreError> {
        let unit = current.id;
        if current.state == UnitState::Settled {
            return Ok(Settlement {
                unit: current,
                credited: false,
            });
        }
        if !current.progress.is_complete() {
            return Err(StoreError::NotFinished(unit));
        }
        let token = self.token()?;
        let row = self
            .call_one(
                &token,
                "SELECT credited, settled_at FROM guichet.settle($1, $2, $3, $4)",
                &[(&unit, Type::INT8)],
            )
            .map_err(|error| refusal(error, Cents::ZERO, Some(unit)))?;
        current.state = UnitState::Settled;
        current.settled_at = row.get(1);
        Ok(Settlement {
            unit: current,
            credited: row.get(0),
        })
    }
}

impl PlayerAccount {
    /// Reveals what is left of `current` (as the server last told it) and
    /// settles it, in one round trip (`guichet.play_out`): sent again after
    /// its answer was lost, it journals nothing twice and credits nothing
    /// twice (`credited` is false then).
    ///
    /// # Errors
    /// As [`PointOfSale::reveal`] and [`PointOfSale::settle`].
    pub fn play_out(&mut self, mut current: Unit) -> Result<Settlement, StoreError> {
        let unit = current.id;
        if current.state == UnitState::Settled {
            return Ok(Settlement {
                unit: current,
                credited: false,
            });
        }
        let first = i32::try_from(current.steps.len()).unwrap_or(i32::MAX);
        let steps = current.progress.remaining_steps(&current.scenario);
        for &step in &steps {
            current
                .progress
                .apply(step)
                .map_err(|source| StoreError::Step { unit, source })?;
        }
        let journal = journal_of(&steps);
        let token = self.token()?;
        let row = self
            .call_one(
                &token,
                "SELECT credited, settled_at FROM guichet.play_out($1, $2, $3, $4, $5, $6)",
                &[
                    (&unit, Type::INT8),
                    (&first, Type::INT4),
                    (&journal, Type::TEXT_ARRAY),
                ],
            )
            .map_err(|error| refusal(error, Cents::ZERO, Some(unit)))?;
        current.steps.extend_from_slice(&steps);
        current.state = UnitState::Settled;
        current.settled_at = row.get(1);
        Ok(Settlement {
            unit: current,
            credited: row.get(0),
        })
    }
}

impl PlayerAccount {
    /// The player's ledger mark and what their stakes and prizes after entry
    /// `after` come to.
    fn ledger(&mut self, after: i64) -> Result<(i64, Cents), StoreError> {
        let token = self.token()?;
        let row = self
            .call_one(
                &token,
                "SELECT mark, net_cents FROM guichet.player_net($1, $2, $3, $4)",
                &[(&after, Type::INT8)],
            )
            .map_err(NetworkError::from)?;
        Ok((row.get(0), Cents(row.get(1))))
    }
}

/// A time the server wrote as `2026-11-29T20:01:02Z`.
fn moment(text: &str) -> Result<jiff::Timestamp, StoreError> {
    guichet_sale::time::parse(text)
        .map_err(|error| NetworkError::Unexpected(format!("a time {text:?}: {error}")).into())
}

impl PointOfSale for PlayerAccount {
    fn balance(&mut self) -> Result<Cents, StoreError> {
        let token = self.token()?;
        let balance: Option<i64> = self
            .call_one(&token, "SELECT guichet.player_balance($1, $2, $3)", &[])
            .map_err(NetworkError::from)?
            .get(0);
        balance.map(Cents).ok_or_else(|| {
            NetworkError::Unexpected(format!(
                "there is no player {}",
                self.card().unwrap_or_default()
            ))
            .into()
        })
    }

    /// Paid and committed first (the call is its own transaction), then
    /// read back: the server tells the unit's prize only once its purchase
    /// is final.
    fn buy(&mut self, emission: &'static Emission) -> Result<Unit, StoreError> {
        let version = i32::try_from(generator::VERSION).unwrap_or(i32::MAX);
        let token = self.token()?;
        let sale: i64 = self
            .call_one(
                &token,
                "SELECT sale_id FROM guichet.buy($1, $2, $3, $4, $5)",
                &[(&emission.code(), Type::TEXT), (&version, Type::INT4)],
            )
            .map_err(|error| refusal(error, emission.stake, None))?
            .get(0);
        self.unit(sale)
    }

    fn take_up(&mut self, unit: i64) -> Result<Unit, StoreError> {
        self.unit(unit)
    }

    fn reveal(&mut self, unit: i64, steps: &[RevealStep]) -> Result<Unit, StoreError> {
        let current = self.unit(unit)?;
        self.journal(current, steps)
    }

    fn settle(&mut self, unit: i64) -> Result<Settlement, StoreError> {
        let current = self.unit(unit)?;
        self.close(current)
    }

    /// As the trait's, in two round trips: the unit read, then played out.
    fn finish(&mut self, unit: i64) -> Result<Settlement, StoreError> {
        let current = self.unit(unit)?;
        self.play_out(current)
    }

    fn unit(&mut self, unit: i64) -> Result<Unit, StoreError> {
        self.units(Some(unit))?
            .pop()
            .ok_or(StoreError::NoSuchUnit(unit))
    }

    fn unfinished_units(&mut self) -> Result<Vec<Unit>, StoreError> {
        self.units(None)
    }

    fn recent_units(&mut self, limit: u32) -> Result<Vec<Unit>, StoreError> {
        let limit = i32::try_from(limit).unwrap_or(i32::MAX);
        let token = self.token()?;
        let rows = self
            .call(
                &token,
                &format!("SELECT {UNIT_ROW} FROM guichet.player_units($1, $2, $3, $4)"),
                &[(&limit, Type::INT4)],
            )
            .map_err(NetworkError::from)?;
        rows.iter().map(unit_of).collect()
    }

    fn published_block(
        &mut self,
        emission: &'static Emission,
        number: u32,
    ) -> Result<PublishedBlock, StoreError> {
        let block = self
            .kiosk
            .public_blocks(emission)?
            .into_iter()
            .find(|block| block.number == number)
            .ok_or_else(|| NetworkError::Unexpected(format!("no block {number} of {emission}")))?;
        let seed = block
            .seed
            .map(|bytes| {
                <[u8; 32]>::try_from(bytes.as_slice())
                    .map(Seed::from_bytes)
                    .map_err(|_| {
                        NetworkError::Unexpected(format!("block {number}'s seed is not 32 bytes"))
                    })
            })
            .transpose()?;
        Ok(PublishedBlock {
            commitment: Commitment(block.commitment),
            committed_at: block.opened_at,
            sold: block.sold,
            size: block.size,
            closed_at: block.closed_at,
            seed,
        })
    }

    /// The network's blocks of `emission` still open: the lowest sells, the
    /// next is committed. The network does not publish the lots won.
    fn block_status(
        &mut self,
        emission: &'static Emission,
    ) -> Result<Option<BlockStatus>, StoreError> {
        let mut open = self
            .kiosk
            .public_blocks(emission)?
            .into_iter()
            .filter(|block| block.closed_at.is_none());
        let facts = |block: &PublicBlock| BlockFacts {
            number: block.number,
            commitment: Commitment(block.commitment),
            committed_at: block.opened_at.clone(),
        };
        let Some(selling) = open.next() else {
            return Ok(None);
        };
        Ok(Some(BlockStatus {
            selling: facts(&selling),
            sold: selling.sold,
            settled: None,
            size: selling.size,
            remaining_lots: None,
            next: open.next().as_ref().map(facts),
        }))
    }

    fn ledger_mark(&mut self) -> Result<i64, StoreError> {
        self.ledger(i64::MAX).map(|(mark, _)| mark)
    }

    fn net_since(&mut self, after: i64) -> Result<Cents, StoreError> {
        self.ledger(after).map(|(_, net)| net)
    }

    /// On a network the desk checks the player's identity and age when it
    /// opens their account: a player at a kiosk is an adult.
    fn protection(&mut self) -> Result<Protection, StoreError> {
        let token = self.token()?;
        let rows = self
            .call(
                &token,
                "SELECT which, in_force, pending, pending_from, used, excluded_until
                 FROM guichet.player_protection($1, $2, $3)",
                &[],
            )
            .map_err(NetworkError::from)?;
        let player = &self.card().unwrap_or_default();
        let limit_of = |which: &str| -> Result<Limit, StoreError> {
            let row = rows
                .iter()
                .find(|row| row.get::<_, &str>(0) == which)
                .ok_or_else(|| NetworkError::Unexpected(format!("there is no player {player}")))?;
            let pending = match (
                row.get::<_, Option<i64>>(2),
                row.get::<_, Option<String>>(3),
            ) {
                (Some(amount), Some(from)) => Some(PendingRaise {
                    amount: Cents(amount),
                    from: moment(&from)?,
                }),
                _ => None,
            };
            Ok(Limit {
                current: row.get::<_, Option<i64>>(1).map(Cents),
                pending,
                used: Cents(row.get(4)),
            })
        };
        Ok(Protection {
            adult: Some(true),
            deposit: limit_of("deposit_limit")?,
            stake: limit_of("stake_limit")?,
            excluded_until: rows
                .first()
                .and_then(|row| row.get::<_, Option<String>>(5))
                .map(|until| moment(&until))
                .transpose()?,
        })
    }
}
