"""ConvE: entity and relation embeddings reshaped to a 2D image, a conv layer, a projection back."""

from pykeen.models import ConvE
from pykeen.triples.triples_factory import KGInfo

info = KGInfo(num_entities=40, num_relations=5, create_inverse_triples=True)
model = ConvE(
    triples_factory=info,
    embedding_dim=32,
    embedding_height=4,
    embedding_width=8,
    output_channels=6,
    kernel_height=3,
    kernel_width=3,
    random_seed=0,
)
