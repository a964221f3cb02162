"""A DistMult interaction assembled through pykeen's generic ERModel with explicit representation shapes."""

from pykeen.models import ERModel
from pykeen.nn.modules import DistMultInteraction
from pykeen.triples.triples_factory import KGInfo

info = KGInfo(num_entities=70, num_relations=4, create_inverse_triples=False)
model = ERModel(
    triples_factory=info,
    interaction=DistMultInteraction,
    entity_representations_kwargs=dict(shape=24),
    relation_representations_kwargs=dict(shape=24),
    random_seed=0,
)
