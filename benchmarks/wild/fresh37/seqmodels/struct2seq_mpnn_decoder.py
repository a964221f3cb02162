# Struct2Seq graph decoder with MPNN layers over node / edge features of a protein backbone
from sequence_models.gnn import Struct2SeqDecoder

model = Struct2SeqDecoder(
    num_letters=20,
    node_features=10,
    edge_features=11,
    hidden_dim=64,
    num_decoder_layers=3,
    dropout=0.1,
    use_mpnn=True,
)
