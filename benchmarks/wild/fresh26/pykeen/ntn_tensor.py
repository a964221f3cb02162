"""The neural tensor network (NTN): per-relation bilinear slices, two projections and a scorer."""

from pykeen.models import NTN
from pykeen.triples.triples_factory import KGInfo

info = KGInfo(num_entities=30, num_relations=3, create_inverse_triples=False)
model = NTN(triples_factory=info, embedding_dim=10, num_slices=4, random_seed=0)
