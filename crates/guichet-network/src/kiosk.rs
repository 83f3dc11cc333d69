//! A kiosk's connection to the network's database, as the kiosk role: it sells
//! units and reads the public blocks (a player's play goes through
//! [`PlayerAccount`](crate::PlayerAccount)). The kiosk gives its name and the secret the
//! operator gave it ([`Operator::add_kiosk`](crate::Operator::add_kiosk)) with
//! each call: the server acts for that kiosk alone.

use guichet_core::emission::Emission;
use postgres::{Client, Config, NoTls};

use crate::error::NetworkError;
use crate::sale::{PublicBlock, Sale, sale_of};

/// A kiosk's connection, as the kiosk role.
pub struct Kiosk {
    pub(crate) client: Client,
    pub(crate) name: String,
    pub(crate) secret: String,
}

impl Kiosk {
    /// Connects kiosk `name`, known by `secret`, to the database at `url`.
    ///
    /// # Errors
    /// When the server cannot be reached or refuses the login.
    pub fn connect(url: &str, name: &str, secret: &str) -> Result<Self, NetworkError> {
        Ok(Self::with_client(
            Client::connect(url, NoTls)?,
            name,
            secret,
        ))
    }

    /// Connects kiosk `name`, known by `secret`, with `config`.
    ///
    /// # Errors
    /// When the server cannot be reached or refuses the login.
    pub fn connect_with(config: &Config, name: &str, secret: &str) -> Result<Self, NetworkError> {
        Ok(Self::with_client(config.connect(NoTls)?, name, secret))
    }

    /// Kiosk `name`, known by `secret`, over `client`: a connection logged in
    /// as the kiosk role (from a pool shared by kiosks, say).
    #[must_use]
    pub fn with_client(client: Client, name: &str, secret: &str) -> Self {
        Self {
            client,
            name: name.to_owned(),
            secret: secret.to_owned(),
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
        Ok(self
            .client
            .query_one(
                "SELECT guichet.last_closing($1, $2)",
                &[&self.name, &self.secret],
            )?
            .get(0))
    }

    /// Sells the next unit of `emission` for cash: a unit not played on the
    /// kiosk (a ticket printed, say), paid at the counter.
    ///
    /// # Errors
    /// No block of the emission is open; the server's refusal.
    pub fn sell(&mut self, emission: &Emission) -> Result<Sale, NetworkError> {
        let row = self.client.query_one(
            "SELECT block_number, unit_index, tier FROM guichet.sell($1, $2, $3)",
            &[&emission.code(), &self.name, &self.secret],
        )?;
        Ok(sale_of(&row))
    }

    /// The blocks of `emission`, by number.
    ///
    /// # Errors
    /// The server's refusal.
    pub fn public_blocks(&mut self, emission: &Emission) -> Result<Vec<PublicBlock>, NetworkError> {
        let rows = self.client.query(
            "SELECT number, size, sold, commitment, seed FROM guichet.public_blocks
             WHERE emission = $1 ORDER BY number",
            &[&emission.code()],
        )?;
        Ok(rows
            .iter()
            .map(|row| {
                let number: i32 = row.get(0);
                let size: i32 = row.get(1);
                let sold: i32 = row.get(2);
                let commitment: Vec<u8> = row.get(3);
                PublicBlock {
                    number: u32::try_from(number).unwrap_or_default(),
                    size: u32::try_from(size).unwrap_or_default(),
                    sold: u32::try_from(sold).unwrap_or_default(),
                    commitment: commitment.try_into().unwrap_or_default(),
                    seed: row.get(4),
                }
            })
            .collect())
    }
}
