"""The byte array of a Token Status List, written from draft-ietf-oauth-status-list section 4.1 (not from the Swift
code under test): shared by the test scripts that build status lists (make_status_lists.py, python_credentials.py)."""


def pack(statuses, bits):
    """Statuses of `bits` bits each, least significant bits first within each byte."""
    per = 8 // bits
    array = bytearray((len(statuses) + per - 1) // per)
    for index, value in enumerate(statuses):
        array[index // per] |= value << ((index % per) * bits)
    return bytes(array)
