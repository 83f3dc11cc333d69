//! The players of a kiosk's file: each has a card (its number never
//! changes), a PIN kept only as an argon2id hash, and their own balance,
//! ledger, units and protection. The store acts for one player at a time:
//! signed in at the screen with the card's PIN ([`Store::sign_in`]), or
//! chosen by the desk ([`Store::act_for`], the cashier and the operator).
//!
//! Invariants:
//! - [`PLAYER_PIN_TRIES`] wrong PINs in a row lock the card for
//!   [`PLAYER_LOCKOUT`]; every try and every lock is an event naming the
//!   player, and the lock is recomputed from the events at each try;
//! - a wrong PIN, a locked card and an unknown card cost the same hash, so
//!   the time taken tells nothing.

use argon2::Argon2;
use argon2::password_hash::{PasswordHash, PasswordHasher as _, PasswordVerifier as _, SaltString};
use guichet_sale::time::{parse, stamp};
use guichet_sale::{
    EventKind, PLAYER_PIN_MAX, PLAYER_PIN_MIN, PlayerSummary, SignInRefusal, StoreError,
    is_player_pin,
};
use jiff::{SignedDuration, Timestamp};
use rusqlite::{OptionalExtension as _, params};

use crate::account::balance_in;
use crate::chain::ChainKey;
use crate::operator::insert_player_event;
use crate::operator::proven::events_proven_since;
use crate::protection::protection_in;
use crate::sqlite_error::OnFile as _;
use crate::store::{Player, Store, Writing};

/// Wrong PINs in a row that lock a player's card.
pub const PLAYER_PIN_TRIES: u32 = 5;

/// How long a card stays locked after [`PLAYER_PIN_TRIES`] wrong PINs.
pub const PLAYER_LOCKOUT: SignedDuration = SignedDuration::from_mins(15);

/// Whether `card` has the shape of a card number: 1 to 32 ASCII letters,
/// digits or dashes (what a keypad types and a barcode or QR scanner reads).
#[must_use]
pub fn is_player_card(card: &str) -> bool {
    (1..=32).contains(&card.len())
        && card
            .bytes()
            .all(|byte| byte.is_ascii_alphanumeric() || byte == b'-')
}

/// A player's row: id, card, PIN hash.
type PlayerRow = (i64, String, Option<String>);

impl Store {
    /// The card of the player the store acts for, if any.
    #[must_use]
    pub fn card(&self) -> Option<&str> {
        self.play.player.as_ref().map(|player| player.card.as_str())
    }

    /// The player the store acts for.
    pub(crate) fn player_id(&self) -> Result<i64, StoreError> {
        self.play
            .player
            .as_ref()
            .map(|player| player.id)
            .ok_or(StoreError::SignedOut)
    }

    /// A card number no player has: eight random digits, for a player who
    /// signs up at the screen (a number hard to guess, so that no one can
    /// try PINs on the cards of others in turn).
    ///
    /// # Errors
    /// [`StoreError::Entropy`]; [`StoreError`] if the players cannot be
    /// read.
    pub fn new_card(&self) -> Result<String, StoreError> {
        loop {
            let mut bytes = [0_u8; 4];
            getrandom::fill(&mut bytes).map_err(|error| StoreError::Entropy(error.to_string()))?;
            let card = format!("{:08}", 10_000_000 + u32::from_le_bytes(bytes) % 90_000_000);
            if player_row(&self.file.connection, &card)
                .on(&self.file.path)?
                .is_none()
            {
                return Ok(card);
            }
        }
    }

    /// Every player's row id, in the order they were added.
    pub(crate) fn player_ids(&self) -> Result<Vec<i64>, StoreError> {
        self.file
            .connection
            .prepare_cached("SELECT id FROM players ORDER BY id")
            .and_then(|mut statement| statement.query_map([], |row| row.get(0))?.collect())
            .on(&self.file.path)
    }

    /// Adds a player with card `card` and PIN `pin` (hashed with argon2id),
    /// and, if the desk checked it, their age: "18 or over". Logged.
    ///
    /// # Errors
    /// [`StoreError::CardFormat`], [`StoreError::PlayerPinFormat`],
    /// [`StoreError::CardTaken`]; [`StoreError`] if it cannot be written.
    pub fn add_player(&mut self, card: &str, pin: &str, adult: bool) -> Result<(), StoreError> {
        if !is_player_card(card) {
            return Err(StoreError::CardFormat(card.to_owned()));
        }
        let hash = hash_pin(pin)?;
        self.write(|writing| {
            if player_row(writing.sql, card).on(writing.path)?.is_some() {
                return Err(StoreError::CardTaken(card.to_owned()));
            }
            writing
                .sql
                .execute(
                    "INSERT INTO players (card, pin_hash, created_at) VALUES (?1, ?2, ?3)",
                    params![card, hash, stamp(writing.now)],
                )
                .on(writing.path)?;
            let player = writing.sql.last_insert_rowid();
            insert_player_event(writing, EventKind::PlayerAdded, player, &format!("card {card}"))?;
            if adult {
                writing
                    .sql
                    .execute(
                        "INSERT INTO protection (at, kind, player_id) VALUES (?1, 'age_confirmed', ?2)",
                        params![stamp(writing.now), player],
                    )
                    .on(writing.path)?;
            }
            Ok(())
        })
    }

    /// Sets (or replaces) the PIN of card `card`'s player, for the desk: a
    /// player carried over from the one account, or one who forgot it. The
    /// card's count of wrong PINs starts afresh. Logged.
    ///
    /// # Errors
    /// [`StoreError::PlayerPinFormat`]; [`StoreError::SignIn`] with
    /// [`SignInRefusal::UnknownCard`] for no such card.
    pub fn set_player_pin(&mut self, card: &str, pin: &str) -> Result<(), StoreError> {
        let hash = hash_pin(pin)?;
        self.write(|writing| {
            let (player, _, _) = player_row(writing.sql, card)
                .on(writing.path)?
                .ok_or(StoreError::SignIn(SignInRefusal::UnknownCard))?;
            writing.prove_row("players", &player.to_string())?;
            writing
                .sql
                .execute(
                    "UPDATE players SET pin_hash = ?1 WHERE id = ?2",
                    params![hash, player],
                )
                .on(writing.path)?;
            insert_player_event(
                writing,
                EventKind::PlayerPinSet,
                player,
                &format!("card {card}"),
            )
        })
    }

    /// Every player, in the order they were added.
    ///
    /// # Errors
    /// [`StoreError`] if the database cannot be read.
    pub fn players(&self) -> Result<Vec<PlayerSummary>, StoreError> {
        let rows: Vec<(i64, String, String, bool)> = self
            .file
            .connection
            .prepare_cached(
                "SELECT id, card, created_at, pin_hash IS NOT NULL FROM players ORDER BY id",
            )
            .and_then(|mut statement| {
                statement
                    .query_map([], |row| {
                        Ok((row.get(0)?, row.get(1)?, row.get(2)?, row.get(3)?))
                    })?
                    .collect()
            })
            .on(&self.file.path)?;
        rows.into_iter()
            .map(|(id, card, created_at, has_pin)| {
                let protection =
                    protection_in(&self.file.connection, &self.file.path, id, self.now())?;
                Ok(PlayerSummary {
                    card,
                    created_at,
                    has_pin,
                    balance: balance_in(&self.file.connection, id).on(&self.file.path)?,
                    protection,
                })
            })
            .collect()
    }

    /// Signs in card `card`'s player with `pin`: the store then acts for
    /// them. Every try is counted and logged (in its own transaction,
    /// committed before the answer); [`PLAYER_PIN_TRIES`] wrong in a row
    /// lock the card for [`PLAYER_LOCKOUT`]. Whoever was signed in before is
    /// signed out, whatever the answer.
    ///
    /// # Errors
    /// [`StoreError::SignIn`]: a wrong PIN (the tries left), a locked card
    /// (until when), an unknown card or one with no PIN; [`StoreError`] if
    /// the try cannot be written.
    pub fn sign_in(&mut self, card: &str, pin: &str) -> Result<(), StoreError> {
        self.sign_out()?;
        let found = player_row(&self.file.connection, card).on(&self.file.path)?;
        let Some((player, card, Some(_))) = found else {
            // As long as a real try: the time tells nothing.
            #[expect(clippy::let_underscore_must_use, reason = "only its time counts")]
            let _ = verify_pin(pin, DUMMY_HASH);
            return Err(StoreError::SignIn(SignInRefusal::UnknownCard));
        };
        let outcome = self.write(|writing| {
            let hash = proven_pin_hash(writing, player)?;
            if let Some(until) = locked_until(writing, player)? {
                #[expect(clippy::let_underscore_must_use, reason = "only its time counts")]
                let _ = verify_pin(pin, &hash);
                return Ok(Err(SignInRefusal::Locked { until }));
            }
            if verify_pin(pin, &hash)? {
                insert_player_event(
                    writing,
                    EventKind::PlayerPinRight,
                    player,
                    &format!("card {card}"),
                )?;
                return Ok(Ok(()));
            }
            let detail = format!("card {card}");
            insert_player_event(writing, EventKind::PlayerPinWrong, player, &detail)?;
            let wrong = wrong_in_a_row(writing, player)?;
            if wrong < PLAYER_PIN_TRIES {
                return Ok(Err(SignInRefusal::WrongPin {
                    tries_left: PLAYER_PIN_TRIES - wrong,
                }));
            }
            let until = writing.now + PLAYER_LOCKOUT;
            insert_player_event(
                writing,
                EventKind::PlayerLockout,
                player,
                &format!(
                    "card {card}: {PLAYER_PIN_TRIES} wrong PINs, locked until {}",
                    stamp(until)
                ),
            )?;
            Ok(Err(SignInRefusal::Locked { until }))
        })?;
        outcome.map_err(StoreError::SignIn)?;
        self.play.player = Some(Player { id: player, card });
        Ok(())
    }

    /// Acts for card `card`'s player without their PIN: for the desk (the
    /// cashier paying in, the operator, the commands the desk runs), never
    /// for the screen's players.
    ///
    /// # Errors
    /// [`StoreError::SignIn`] with [`SignInRefusal::UnknownCard`] for no such
    /// card; [`StoreError`] if the database cannot be read.
    pub fn act_for(&mut self, card: &str) -> Result<(), StoreError> {
        let (id, card, _) = player_row(&self.file.connection, card)
            .on(&self.file.path)?
            .ok_or(StoreError::SignIn(SignInRefusal::UnknownCard))?;
        self.play.player = Some(Player { id, card });
        Ok(())
    }

    /// Signs out the player the store acts for, if any (logged), and gives
    /// back the play lease: the store then acts for nobody, and plays
    /// nothing.
    ///
    /// # Errors
    /// [`StoreError`] if the sign-out cannot be logged (the store acts for
    /// nobody all the same).
    pub fn sign_out(&mut self) -> Result<(), StoreError> {
        let Some(player) = self.play.player.take() else {
            return Ok(());
        };
        // Nobody's unit is played here now: another process may take theirs
        // up.
        self.play.lease.give_back();
        if self.file.read_only {
            return Ok(());
        }
        self.write(|writing| {
            insert_player_event(
                writing,
                EventKind::SignOut,
                player.id,
                &format!("card {}", player.card),
            )
        })
    }
}

/// A hash of a PIN nobody has, checked when the card is unknown.
const DUMMY_HASH: &str =
    "$argon2id$v=19$m=19456,t=2,p=1$c2lnbi1pbi1kdW1teQ$JTjE0rFXYaQzS7KN4r5ZbqBYLhYVRZnUklgk1mEzLvM";

/// Card `card`'s player: id, card, PIN hash.
fn player_row(
    connection: &rusqlite::Connection,
    card: &str,
) -> rusqlite::Result<Option<PlayerRow>> {
    connection
        .prepare_cached("SELECT id, card, pin_hash FROM players WHERE card = ?1")?
        .query_row([card], |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?)))
        .optional()
}

/// Player `player`'s PIN hash, read in the write that signs them in once
/// their row proves itself (`Writing::prove_row`): a hash of a known PIN
/// copied onto their row never signs anyone in as them.
fn proven_pin_hash(writing: &Writing<'_>, player: i64) -> Result<String, StoreError> {
    writing.prove_row("players", &player.to_string())?;
    let hash: Option<String> = writing
        .sql
        .prepare_cached("SELECT pin_hash FROM players WHERE id = ?1")
        .and_then(|mut statement| statement.query_row([player], |row| row.get(0)))
        .on(writing.path)?;
    hash.ok_or(StoreError::SignIn(SignInRefusal::UnknownCard))
}

/// `pin`'s argon2id hash, with a random salt.
fn hash_pin(pin: &str) -> Result<String, StoreError> {
    if !is_player_pin(pin) {
        return Err(StoreError::PlayerPinFormat {
            min: PLAYER_PIN_MIN,
            max: PLAYER_PIN_MAX,
        });
    }
    let mut salt = [0_u8; 16];
    getrandom::fill(&mut salt).map_err(|error| StoreError::Entropy(error.to_string()))?;
    let salt =
        SaltString::encode_b64(&salt).map_err(|error| StoreError::PinHash(error.to_string()))?;
    Argon2::default()
        .hash_password(pin.as_bytes(), &salt)
        .map(|hash| hash.to_string())
        .map_err(|error| StoreError::PinHash(error.to_string()))
}

/// Whether `pin` is the one `hash` was made of.
fn verify_pin(pin: &str, hash: &str) -> Result<bool, StoreError> {
    let parsed = PasswordHash::new(hash).map_err(|error| StoreError::PinHash(error.to_string()))?;
    Ok(Argon2::default()
        .verify_password(pin.as_bytes(), &parsed)
        .is_ok())
}

/// Until when player `player`'s card is locked, if it is now.
/// Their last event proves itself first (`Writing::prove`: no event after
/// it taken out), so a lock deleted from the log never lifts it, and every
/// event of the lock's window (`events_proven_since`, as the operator's
/// lock): a try or a lock edited there never lifts it either.
fn locked_until(writing: &Writing<'_>, player: i64) -> Result<Option<Timestamp>, StoreError> {
    let key = ChainKey::of(writing.key()?);
    events_proven_since(
        writing.sql,
        Some(&key),
        writing.path,
        &stamp(writing.now - PLAYER_LOCKOUT),
    )?;
    let their_last: Option<i64> = writing
        .sql
        .query_row(
            "SELECT MAX(id) FROM events WHERE player_id = ?1",
            [player],
            |row| row.get(0),
        )
        .on(writing.path)?;
    if let Some(event) = their_last {
        writing.prove("events", event)?;
    }
    let last: Option<String> = writing
        .sql
        .query_row(
            "SELECT at FROM events WHERE player_id = ?1 AND kind = 'player_lockout' ORDER BY id DESC LIMIT 1",
            [player],
            |row| row.get(0),
        )
        .optional()
        .on(writing.path)?;
    let Some(at) = last else {
        return Ok(None);
    };
    let until = parse(&at).map_err(|detail| StoreError::Inconsistent {
        path: writing.path.to_path_buf(),
        detail,
    })? + PLAYER_LOCKOUT;
    Ok((until > writing.now).then_some(until))
}

/// Player `player`'s wrong PINs since their last right one, PIN set or lock.
fn wrong_in_a_row(writing: &Writing<'_>, player: i64) -> Result<u32, StoreError> {
    writing
        .sql
        .query_row(
            "SELECT count(*) FROM events WHERE player_id = ?1 AND kind = 'player_pin_wrong' AND id > (
                 SELECT coalesce(max(id), 0) FROM events WHERE player_id = ?1
                 AND kind IN ('player_pin_right', 'player_pin_set', 'player_lockout', 'player_added'))",
            [player],
            |row| row.get(0),
        )
        .on(writing.path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_dummy_hash_is_an_argon2id_hash_no_pin_matches() {
        assert!(PasswordHash::new(DUMMY_HASH).is_ok());
        assert!(!verify_pin("1234", DUMMY_HASH).unwrap());
    }

    #[test]
    fn a_card_is_letters_digits_or_dashes() {
        assert!(is_player_card("1"));
        assert!(is_player_card("FR-0042-17"));
        assert!(!is_player_card(""));
        assert!(!is_player_card("12 34"));
        assert!(!is_player_card(&"9".repeat(33)));
    }
}
