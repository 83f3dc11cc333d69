-- Schema version 4: each kiosk's closings, kept on the network.
--
-- A kiosk closes each day of its own file (its events, settings, PIN; the
-- sales are the network's) at the first write of the next, signed with a key
-- kept off its folder, and sends each closing here: kept apart from the
-- kiosk, as the operator keeps them. The kiosk role may only add, through
-- `record_closing`: a closing received again the same is nothing new; one
-- that differs from the one received under the same number (the kiosk's
-- file put back to an older copy, which then closes again) is refused
-- (GU015), and so is a number that skips or goes back.

UPDATE guichet.schema_version SET version = 4;

CREATE TABLE guichet.kiosk_closings (
    kiosk text NOT NULL REFERENCES guichet.kiosks (name),
    counter bigint NOT NULL CHECK (counter >= 1),
    body text NOT NULL,
    signature bytea NOT NULL CHECK (length(signature) = 64),
    received_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (kiosk, counter)
);

CREATE FUNCTION guichet.kiosk_closings_are_kept() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'the kiosks'' closings are append-only';
END
$$;
CREATE TRIGGER kiosk_closings_are_append_only BEFORE UPDATE OR DELETE ON guichet.kiosk_closings
FOR EACH ROW EXECUTE FUNCTION guichet.kiosk_closings_are_kept();

-- Kiosk `kiosk`'s closing number `counter`: added, or found the same (true
-- when it was new).
CREATE FUNCTION guichet.record_closing(kiosk text, secret text, counter bigint, body text,
                                       signature bytea)
RETURNS boolean
LANGUAGE plpgsql SECURITY DEFINER
SET search_path = pg_catalog, pg_temp
AS $$
DECLARE
    kept text;
    last bigint;
BEGIN
    PERFORM guichet.check_kiosk(kiosk, secret);
    SELECT c.body INTO kept FROM guichet.kiosk_closings c
    WHERE c.kiosk = record_closing.kiosk AND c.counter = record_closing.counter;
    IF FOUND THEN
        IF kept = body THEN
            RETURN false;
        END IF;
        RAISE EXCEPTION 'closing % of kiosk % differs from the one received: its file is not the one that closed it',
            counter, kiosk USING ERRCODE = 'GU015';
    END IF;
    SELECT coalesce(max(c.counter), 0) INTO last FROM guichet.kiosk_closings c
    WHERE c.kiosk = record_closing.kiosk;
    IF counter <> last + 1 THEN
        RAISE EXCEPTION 'closing % of kiosk % does not follow closing %, the last received',
            counter, kiosk, last USING ERRCODE = 'GU015';
    END IF;
    INSERT INTO guichet.kiosk_closings (kiosk, counter, body, signature)
    VALUES (kiosk, counter, body, signature);
    RETURN true;
END
$$;
REVOKE ALL ON FUNCTION guichet.record_closing(text, text, bigint, text, bytea) FROM PUBLIC;

-- The number of kiosk `kiosk`'s last closing received (0 for none).
CREATE FUNCTION guichet.last_closing(kiosk text, secret text)
RETURNS bigint
LANGUAGE plpgsql STABLE SECURITY DEFINER
SET search_path = pg_catalog, pg_temp
AS $$
BEGIN
    PERFORM guichet.check_kiosk(kiosk, secret);
    RETURN (SELECT coalesce(max(c.counter), 0) FROM guichet.kiosk_closings c
            WHERE c.kiosk = last_closing.kiosk);
END
$$;
REVOKE ALL ON FUNCTION guichet.last_closing(text, text) FROM PUBLIC;
