# variational-inference dependency parser over tag features, a smaller encoder
from supar.models import VIDependencyModel

model = VIDependencyModel(
    n_words=8000,
    n_rels=40,
    n_tags=17,
    feat=["tag"],
    n_embed=64,
    n_feat_embed=32,
    n_lstm_hidden=128,
    n_lstm_layers=2,
    n_arc_mlp=200,
    n_sib_mlp=60,
    n_rel_mlp=60,
)
