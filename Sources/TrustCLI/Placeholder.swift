internal import TrustLists
