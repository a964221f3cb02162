from deepctr_torch.inputs import SparseFeat
from deepctr_torch.models import AutoInt

# two fields read the same embedding table (embedding_name)
cols = [
    SparseFeat("query_cate", 120, embedding_dim=10, embedding_name="cate"),
    SparseFeat("item_cate", 120, embedding_dim=10, embedding_name="cate"),
    SparseFeat("brand", 300, embedding_dim=10),
    SparseFeat("shop", 80, embedding_dim=10),
]
model = AutoInt(cols, cols, att_layer_num=2, att_head_num=2, dnn_hidden_units=(32,))
