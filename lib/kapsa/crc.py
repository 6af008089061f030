"""CRC-32 in pure Python, for a port whose binascii has no crc32 (the
record frame imports this only then): the table split into 16-bit halves
so that the loop handles small ints only (no long-int allocation)."""

from array import array

_U32 = 0xFFFFFFFF

_crc_tables = None


def _tables():
    # The usual 256-entry table, split into 16-bit halves so that the loop
    # below only handles small ints (no long-int allocation on the device).
    global _crc_tables
    if _crc_tables is None:
        low = array("H", bytes(512))
        high = array("H", bytes(512))
        for n in range(256):
            c = n
            for _ in range(8):
                c = (c >> 1) ^ 0xEDB88320 if c & 1 else c >> 1
            low[n] = c & 0xFFFF
            high[n] = c >> 16
        _crc_tables = (low, high)
    return _crc_tables


def crc32_pure(data, crc=0):
    """CRC-32 of `data` in pure Python; equals binascii.crc32(data, crc)."""
    low_t, high_t = _tables()
    crc ^= _U32
    low = crc & 0xFFFF
    high = crc >> 16
    for byte in data:
        i = (low ^ byte) & 0xFF
        low = ((low >> 8) | ((high & 0xFF) << 8)) ^ low_t[i]
        high = (high >> 8) ^ high_t[i]
    return ((high << 16) | low) ^ _U32


