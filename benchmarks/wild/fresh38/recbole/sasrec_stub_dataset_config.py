# SASRec built outside RecBole's quick_start: a plain dict config and a tiny dataset stand-in
from recbole.model.sequential_recommender import SASRec


class CountsOnly:
    """What the model reads from a RecBole Dataset: the number of ids per field."""

    def __init__(self, **counts):
        self.counts = counts

    def num(self, field):
        return self.counts[field]


config = {
    "USER_ID_FIELD": "user_id",
    "ITEM_ID_FIELD": "item_id",
    "LIST_SUFFIX": "_list",
    "ITEM_LIST_LENGTH_FIELD": "item_length",
    "NEG_PREFIX": "neg_",
    "MAX_ITEM_LIST_LENGTH": 50,
    "device": "cpu",
    "n_layers": 2,
    "n_heads": 2,
    "hidden_size": 64,
    "inner_size": 256,
    "hidden_dropout_prob": 0.5,
    "attn_dropout_prob": 0.5,
    "hidden_act": "gelu",
    "layer_norm_eps": 1e-12,
    "initializer_range": 0.02,
    "loss_type": "CE",
}
model = SASRec(config, CountsOnly(user_id=944, item_id=1683))
