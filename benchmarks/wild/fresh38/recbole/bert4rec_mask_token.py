# BERT4Rec: the item table has an extra [mask] row; sizes from a YAML-like text block
from recbole.model.sequential_recommender import BERT4Rec

TEXT = """
n_layers: 2
n_heads: 4
hidden_size: 64
inner_size: 128
hidden_dropout_prob: 0.2
attn_dropout_prob: 0.2
hidden_act: gelu
layer_norm_eps: 1e-12
initializer_range: 0.02
mask_ratio: 0.2
loss_type: CE
ft_ratio: 0.5
"""


def parse(text):
    out = {}
    for line in text.strip().splitlines():
        key, value = (s.strip() for s in line.split(":", 1))
        for cast in (int, float):
            try:
                value = cast(value)
                break
            except ValueError:
                pass
        out[key] = value
    return out


config = parse(TEXT) | {
    "USER_ID_FIELD": "user_id",
    "ITEM_ID_FIELD": "item_id",
    "LIST_SUFFIX": "_list",
    "ITEM_LIST_LENGTH_FIELD": "item_length",
    "NEG_PREFIX": "neg_",
    "MAX_ITEM_LIST_LENGTH": 30,
    "device": "cpu",
    "MASK_ITEM_SEQ": "Mask_item_id_list",
    "POS_ITEMS": "Pos_item_id",
    "NEG_ITEMS": "Neg_item_id",
    "MASK_INDEX": "MASK_INDEX",
}


class Data:
    def num(self, field):
        return {"user_id": 6041, "item_id": 3707}[field]


model = BERT4Rec(config, Data())
