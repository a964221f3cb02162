from deepctr_torch.inputs import SparseFeat
from deepctr_torch.models import xDeepFM

sizes = {"user_id": 6041, "movie_id": 3953, "gender": 3, "age": 8, "occupation": 22, "zip": 3440}
cols = [SparseFeat(name, n, embedding_dim=8) for name, n in sizes.items()]
model = xDeepFM(cols, cols, dnn_hidden_units=(128, 64), cin_layer_size=(64, 64), task="regression")
