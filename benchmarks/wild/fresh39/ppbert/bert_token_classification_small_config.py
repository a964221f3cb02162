# old-style pytorch_pretrained_bert: a small BertConfig built in code, NER tagging head on top
from pytorch_pretrained_bert.modeling import BertConfig, BertForTokenClassification

config = BertConfig(
    vocab_size_or_config_json_file=30522,
    hidden_size=256,
    num_hidden_layers=4,
    num_attention_heads=4,
    intermediate_size=1024,
    max_position_embeddings=256,
)
model = BertForTokenClassification(config, num_labels=9)
