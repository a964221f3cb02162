# FPMC and NARM for next-item prediction, one stub dataset
import torch.nn as nn
from recbole.model.sequential_recommender import FPMC, NARM

n_users, n_items = 800, 2500


class Data:
    user_num = n_users
    item_num = n_items

    def num(self, field):
        return n_users if field == "user_id" else n_items


seq = {
    "USER_ID_FIELD": "user_id",
    "ITEM_ID_FIELD": "item_id",
    "LIST_SUFFIX": "_list",
    "ITEM_LIST_LENGTH_FIELD": "item_length",
    "NEG_PREFIX": "neg_",
    "MAX_ITEM_LIST_LENGTH": 25,
    "device": "cpu",
}
fpmc = FPMC({**seq, "embedding_size": 40, "loss_type": "BPR"}, Data())
narm = NARM(
    {
        **seq,
        "embedding_size": 48,
        "hidden_size": 80,
        "n_layers": 1,
        "dropout_probs": [0.25, 0.5],
        "loss_type": "CE",
    },
    Data(),
)
model = nn.ModuleList([fpmc, narm])
