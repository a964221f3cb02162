from deepctr_torch.inputs import DenseFeat, SparseFeat
from deepctr_torch.models import DCN

linear_cols = [SparseFeat("item", 500, embedding_dim=16), SparseFeat("cate", 40, embedding_dim=16)]
dnn_cols = linear_cols + [DenseFeat("price", 1), DenseFeat("ctr_7d", 1)]
model = DCN(
    linear_cols,
    dnn_cols,
    cross_num=3,
    cross_parameterization="matrix",
    dnn_hidden_units=(64, 64),
)
