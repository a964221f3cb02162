from torchkge.models import TransDModel, TransRModel

ent_dim = 40
rel_dim = 24
n_entities = 1200
n_relations = 18

use_d = True
if use_d:
    model = TransDModel(ent_dim, rel_dim, n_entities, n_relations)
else:
    model = TransRModel(ent_dim, rel_dim, n_entities, n_relations)
