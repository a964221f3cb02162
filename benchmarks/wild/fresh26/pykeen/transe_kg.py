"""A TransE knowledge-graph embedding model over 120 entities and 9 relations (no data set loaded)."""

from pykeen.models import TransE
from pykeen.triples.triples_factory import KGInfo

info = KGInfo(num_entities=120, num_relations=9, create_inverse_triples=False)
model = TransE(triples_factory=info, embedding_dim=32, scoring_fct_norm=1, random_seed=0)
