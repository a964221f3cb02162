# two general recommenders on the same user / item counts: BPR and NeuMF
import torch.nn as nn
from recbole.model.general_recommender import BPR, NeuMF


class Data:
    sizes = {"user_id": 500, "item_id": 1200}

    def num(self, field):
        return self.sizes[field]


common = {
    "USER_ID_FIELD": "user_id",
    "ITEM_ID_FIELD": "item_id",
    "NEG_PREFIX": "neg_",
    "device": "cpu",
}
bpr = BPR({**common, "embedding_size": 32}, Data())
neumf = NeuMF(
    {
        **common,
        "mf_embedding_size": 16,
        "mlp_embedding_size": 24,
        "mlp_hidden_size": [64, 32, 16],
        "dropout_prob": 0.1,
        "mf_train": True,
        "mlp_train": True,
        "use_pretrain": False,
        "mf_pretrain_path": None,
        "mlp_pretrain_path": None,
        "LABEL_FIELD": "label",
    },
    Data(),
)
model = nn.ModuleDict({"bpr": bpr, "neumf": neumf})
