"""Protein-style point-cloud GNN from the GVP paper: residue and bond embeddings."""

from geometric_vector_perceptron import GVP_Network

cfg = dict(
    n_layers=3,
    feats_x_in=32,
    vectors_x_in=4,
    feats_x_out=32,
    vectors_x_out=4,
    feats_edge_in=8,
    vectors_edge_in=1,
    feats_edge_out=8,
    vectors_edge_out=1,
    embedding_nums=[21],
    embedding_dims=[16],
    edge_embedding_nums=[4],
    edge_embedding_dims=[4],
    dropout=0.1,
    residual=True,
    recalc=1,
)
model = GVP_Network(**cfg)
