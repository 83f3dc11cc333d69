//! The connections the simulated kiosks share, one at a time each, made again
//! when the server was lost.

use std::sync::{Condvar, Mutex};

use guichet_network::{Endpoint, NetworkError};
use postgres::Client;

/// Connections the simulated kiosks share: one at a time each. A connection
/// found closed (the server stopped, a failover) is made again as it is
/// taken; one that cannot be made leaves its place empty, to be made at a
/// later take.
pub(crate) struct Pool {
    server: Endpoint,
    places: Mutex<Places>,
    returned: Condvar,
}

/// The pool's connections at hand, and its places left empty.
struct Places {
    idle: Vec<Client>,
    empty: u32,
}

impl Pool {
    /// `count` connections to `server`.
    pub(crate) fn connect(server: &Endpoint, count: u32) -> Result<Self, NetworkError> {
        Ok(Self {
            server: server.clone(),
            places: Mutex::new(Places {
                idle: (0..count)
                    .map(|_| server.connect())
                    .collect::<Result<_, _>>()?,
                empty: 0,
            }),
            returned: Condvar::new(),
        })
    }

    /// A connection, once one is free: open, or made again.
    ///
    /// # Errors
    /// When a connection had to be made and the server cannot be reached.
    pub(crate) fn take(&self) -> Result<Client, NetworkError> {
        let mut places = self
            .places
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let kept = loop {
            if let Some(client) = places.idle.pop() {
                break Some(client);
            }
            if places.empty > 0 {
                places.empty -= 1;
                break None;
            }
            places = self
                .returned
                .wait(places)
                .unwrap_or_else(std::sync::PoisonError::into_inner);
        };
        drop(places);
        match kept {
            Some(client) if !client.is_closed() => Ok(client),
            _ => self.server.connect().inspect_err(|_| self.leave_empty()),
        }
    }

    /// Gives `client` back, for the next kiosk.
    pub(crate) fn give_back(&self, client: Client) {
        self.places
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .idle
            .push(client);
        self.returned.notify_one();
    }

    /// A place whose connection could not be made: made at a later take.
    fn leave_empty(&self) {
        self.places
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .empty += 1;
        self.returned.notify_one();
    }
}
