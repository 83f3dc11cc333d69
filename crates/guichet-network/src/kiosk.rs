//! A kiosk's connection to the network's database, as the kiosk role: it
//! signs players in, sends its closings and reads the public blocks (a
//! player's play goes through [`PlayerAccount`](crate::PlayerAccount), once
//! signed in). The kiosk gives its name and the secret the
//! operator gave it ([`Operator::add_kiosk`](crate::Operator::add_kiosk)) with
//! each call: the server acts for that kiosk alone.

use guichet_core::emission::Emission;
use postgres::Client;

use guichet_sale::{SignInRefusal, StoreError};

use crate::endpoint::Endpoint;
use crate::error::{NetworkError, unsigned};
use crate::sale::PublicBlock;

/// A kiosk's connection, as the kiosk role.
pub struct Kiosk {
    pub(crate) client: Client,
    pub(crate) name: String,
    pub(crate) secret: String,
    /// Where it connected, to connect again once the connection is lost
    /// (none over a connection it was given).
    endpoint: Option<Endpoint>,
}

impl Kiosk {
    /// Connects kiosk `name`, known by `secret`, to the database at `url`
    /// (as [`Endpoint`] reads it).
    ///
    /// # Errors
    /// A URL that is not one; when the server cannot be reached or refuses
    /// the login.
    pub fn connect(url: &str, name: &str, secret: &str) -> Result<Self, NetworkError> {
        Self::connect_to(&url.parse()?, name, secret)
    }

    /// Connects kiosk `name`, known by `secret`, to `endpoint`.
    ///
    /// # Errors
    /// When the server cannot be reached, its certificate is refused, or it
    /// refuses the login.
    pub fn connect_to(endpoint: &Endpoint, name: &str, secret: &str) -> Result<Self, NetworkError> {
        let mut kiosk = Self::with_client(endpoint.connect()?, name, secret);
        kiosk.endpoint = Some(endpoint.clone());
        Ok(kiosk)
    }

    /// Connects again when the connection was lost (a server that stopped,
    /// a failover: a multi-host URL then reaches the new primary), and
    /// only then; a kiosk given its connection cannot, and says so.
    ///
    /// # Errors
    /// When the server still cannot be reached.
    pub fn reconnect_if_lost(&mut self) -> Result<(), NetworkError> {
        if !self.client.is_closed() {
            return Ok(());
        }
        let endpoint = self.endpoint.as_ref().ok_or_else(|| {
            NetworkError::Unexpected("the connection was lost and was given, not made".into())
        })?;
        self.client = endpoint.connect()?;
        Ok(())
    }

    /// Makes the connection again if it was lost and the kiosk can, before
    /// a call: out of reach, that call fails as the server's error.
    pub(crate) fn reconnect_quietly(&mut self) {
        let _ = self.reconnect_if_lost();
    }

    /// Kiosk `name`, known by `secret`, over `client`: a connection logged in
    /// as the kiosk role (from a pool shared by kiosks, say).
    #[must_use]
    pub fn with_client(client: Client, name: &str, secret: &str) -> Self {
        Self {
            client,
            name: name.to_owned(),
            secret: secret.to_owned(),
            endpoint: None,
        }
    }

    /// The connection, given back (to a pool, say).
    #[must_use]
    pub fn into_client(self) -> Client {
        self.client
    }

    /// Sends the kiosk's closing number `counter` (its signed `body`) to be
    /// kept on the network: `true` when it was new, `false` when it was
    /// already there, the same.
    ///
    /// # Errors
    /// [`CLOSING_REFUSED`](crate::CLOSING_REFUSED) (`GU015`) when a different closing was received
    /// under that number, or the number does not follow the last received;
    /// the server's refusal.
    pub fn send_closing(
        &mut self,
        counter: i64,
        body: &str,
        signature: &[u8],
    ) -> Result<bool, NetworkError> {
        self.reconnect_quietly();
        Ok(self
            .client
            .query_one(
                "SELECT guichet.record_closing($1, $2, $3, $4, $5)",
                &[&self.name, &self.secret, &counter, &body, &signature],
            )?
            .get(0))
    }

    /// The number of the last closing of this kiosk the network received (0
    /// for none).
    ///
    /// # Errors
    /// The server's refusal.
    pub fn last_closing(&mut self) -> Result<i64, NetworkError> {
        self.reconnect_quietly();
        Ok(self
            .client
            .query_one(
                "SELECT guichet.last_closing($1, $2)",
                &[&self.name, &self.secret],
            )?
            .get(0))
    }

    /// Signs player `card` in at this kiosk with `pin`: the PIN is checked
    /// on the server, which counts every guess (five wrong in a row lock the
    /// card for 15 minutes), whatever its shape. Two calls, each its own
    /// transaction: the guess is recorded, then its outcome told (`v5.sql`).
    ///
    /// # Errors
    /// [`StoreError::SignIn`] when the PIN is wrong, the card locked or
    /// unknown; the server's refusal.
    pub(crate) fn sign_in(&mut self, card: &str, pin: &str) -> Result<Session, StoreError> {
        self.reconnect_quietly();
        let attempt: i64 = self
            .client
            .query_one(
                "SELECT guichet.try_pin($1, $2, $3, $4)",
                &[&self.name, &self.secret, &card, &pin],
            )
            .map_err(NetworkError::from)?
            .get(0);
        let row = self
            .client
            .query_one(
                "SELECT token, refusal, tries_left, locked_until
                 FROM guichet.sign_in($1, $2, $3)",
                &[&self.name, &self.secret, &attempt],
            )
            .map_err(NetworkError::from)?;
        let refusal: Option<String> = row.get(1);
        let tries_left: Option<i32> = row.get(2);
        let locked_until = row
            .get::<_, Option<String>>(3)
            .map(|until| guichet_sale::time::parse(&until))
            .transpose()
            .map_err(|error| NetworkError::Unexpected(format!("a lock's end: {error}")))?;
        let refused = match (refusal.as_deref(), locked_until) {
            (None, _) => {
                return Ok(Session {
                    card: card.to_owned(),
                    token: row.get(0),
                });
            }
            (Some("wrong" | "locked"), Some(until)) => SignInRefusal::Locked { until },
            (Some("wrong"), None) => SignInRefusal::WrongPin {
                // `pin_attempts.tries_left` is NOT NULL and never below 0
                // (`v5.sql`): anything else is the database's fault.
                tries_left: unsigned(
                    tries_left.ok_or_else(|| {
                        NetworkError::Unexpected("a wrong PIN with no tries left counted".into())
                    })?,
                    "a sign-in's tries left",
                )?,
            },
            (Some("unknown"), _) => SignInRefusal::UnknownCard,
            (Some(other), _) => {
                return Err(
                    NetworkError::Unexpected(format!("a sign-in refused as {other:?}")).into(),
                );
            }
        };
        Err(StoreError::SignIn(refused))
    }

    /// The blocks of `emission`, by number.
    ///
    /// # Errors
    /// The server's refusal, or a block it holds that no block can be (a
    /// number below zero, a commitment not of 32 bytes): never shown as
    /// zeros.
    pub fn public_blocks(&mut self, emission: &Emission) -> Result<Vec<PublicBlock>, NetworkError> {
        self.reconnect_quietly();
        let rows = self.client.query(
            "SELECT number, size, sold, commitment, seed,
                    to_char(opened_at AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"'),
                    to_char(closed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"')
             FROM guichet.public_blocks WHERE emission = $1 ORDER BY number",
            &[&emission.code()],
        )?;
        rows.iter()
            .map(|row| {
                let number = unsigned(row.get(0), "a block's number")?;
                let commitment: Vec<u8> = row.get(3);
                Ok(PublicBlock {
                    number,
                    size: unsigned(row.get(1), "a block's size")?,
                    sold: unsigned(row.get(2), "a block's units sold")?,
                    commitment: commitment.try_into().map_err(|commitment: Vec<u8>| {
                        NetworkError::Unexpected(format!(
                            "block {number}'s commitment is {} bytes, not 32",
                            commitment.len()
                        ))
                    })?,
                    seed: row.get(4),
                    opened_at: row.get(5),
                    closed_at: row.get(6),
                })
            })
            .collect()
    }
}

/// A player signed in at a kiosk: their card and the session's token, which
/// every call for them gives (the server keeps only its SHA-256). Opaque:
/// only a [`PlayerAccount`](crate::PlayerAccount) uses it.
pub struct Session {
    /// The player's card number.
    pub(crate) card: String,
    /// The session's token.
    pub(crate) token: String,
}

impl std::fmt::Debug for Session {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Session")
            .field("card", &self.card)
            .field("token", &"…")
            .finish()
    }
}
