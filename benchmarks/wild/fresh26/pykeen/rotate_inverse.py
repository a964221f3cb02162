"""RotatE with inverse relations added (the relation table doubles), complex 16-dim embeddings."""

from pykeen.models import RotatE
from pykeen.triples.triples_factory import KGInfo

info = KGInfo(num_entities=50, num_relations=6, create_inverse_triples=True)
model = RotatE(triples_factory=info, embedding_dim=16, random_seed=0)
