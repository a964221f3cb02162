# second-order CRF dependency parser (sibling scores), char features
from supar.models import CRF2oDependencyModel

model = CRF2oDependencyModel(
    n_words=12000,
    n_rels=37,
    n_chars=90,
    feat=["char"],
    n_lstm_hidden=200,
    n_lstm_layers=2,
    n_arc_mlp=250,
    n_sib_mlp=80,
    n_rel_mlp=80,
)
