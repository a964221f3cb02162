# GRU4Rec with a BPR loss; the config is assembled from a base dict and a model override
from recbole.model.sequential_recommender import GRU4Rec

BASE = dict(
    USER_ID_FIELD="user_id",
    ITEM_ID_FIELD="item_id",
    LIST_SUFFIX="_list",
    ITEM_LIST_LENGTH_FIELD="item_length",
    NEG_PREFIX="neg_",
    MAX_ITEM_LIST_LENGTH=20,
    device="cpu",
)
GRU4REC = dict(embedding_size=96, hidden_size=128, num_layers=2, dropout_prob=0.3, loss_type="BPR")


class Stats:
    n_items = 3706

    def num(self, field):
        return self.n_items


model = GRU4Rec({**BASE, **GRU4REC}, Stats())
