from gluonts.torch.model.deepar import DeepARModel

model = DeepARModel(
    freq="h",
    context_length=48,
    prediction_length=24,
    num_feat_dynamic_real=5,
    num_feat_static_real=1,
    num_feat_static_cat=1,
    cardinality=[20],
    embedding_dimension=[4],
    num_layers=2,
    hidden_size=32,
    dropout_rate=0.1,
)
