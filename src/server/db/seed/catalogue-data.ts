/**
 * The demo catalogue's reference data: categories with their departments (each department one
 * kind of product), brands and per-family specification templates. Deterministic, bilingual.
 */

export type Family =
  | 'power'
  | 'cordless'
  | 'battery'
  | 'hand'
  | 'measure'
  | 'garden'
  | 'air'
  | 'weld'
  | 'clean'
  | 'engine'
  | 'safety'
  | 'accessory'
  | 'storage'
  | 'kit';

export type ImageKind =
  | 'drill'
  | 'grinder'
  | 'saw'
  | 'sander'
  | 'battery'
  | 'pliers'
  | 'hammer'
  | 'screwdriver'
  | 'wrench'
  | 'tape'
  | 'meter'
  | 'chainsaw'
  | 'compressor'
  | 'welder'
  | 'washer'
  | 'generator'
  | 'helmet'
  | 'gloves'
  | 'disc'
  | 'bit'
  | 'box'
  | 'hammer-drill'
  | 'heat-gun'
  | 'router'
  | 'jigsaw'
  | 'handsaw'
  | 'planer'
  | 'impact-wrench'
  | 'spray-gun'
  | 'stapler';

export interface DepartmentSeed {
  slug: string;
  pt: string;
  es: string;
  /** Singular product kind: "Furadeira de Impacto" / "Taladro Percutor". */
  productPt: string;
  productEs: string;
  model: string;
  image: ImageKind;
  family: Family;
  usd: [number, number];
}

export interface CategorySeed {
  slug: string;
  pt: string;
  es: string;
  icon: ImageKind;
  special?: boolean;
  menu?: boolean;
  brands: string[];
  departments: DepartmentSeed[];
}

type Row = [string, string, string, string, string, string, ImageKind, Family, number, number];
const dept = ([slug, pt, es, productPt, productEs, model, image, family, min, max]: Row): DepartmentSeed => ({
  slug,
  pt,
  es,
  productPt,
  productEs,
  model,
  image,
  family,
  usd: [min, max],
});

const POWER = ['makita', 'bosch', 'dewalt', 'milwaukee', 'metabo', 'hikoki', 'black-decker', 'einhell', 'skil', 'vonder'];
const HAND = ['stanley', 'tramontina', 'gedore', 'irwin', 'bahco', 'knipex', 'vonder'];

export const CATEGORIES: CategorySeed[] = [
  {
    slug: 'ferramentas-eletricas',
    pt: 'Ferramentas Elétricas',
    es: 'Herramientas Eléctricas',
    icon: 'drill',
    brands: POWER,
    departments: [
      [
        'furadeiras-de-impacto',
        'Furadeiras de Impacto',
        'Taladros Percutores',
        'Furadeira de Impacto',
        'Taladro Percutor',
        'HP',
        'drill',
        'power',
        45,
        260,
      ],
      [
        'furadeiras-parafusadeiras',
        'Furadeiras e Parafusadeiras',
        'Taladros Atornilladores',
        'Furadeira e Parafusadeira',
        'Taladro Atornillador',
        'DF',
        'drill',
        'power',
        40,
        210,
      ],
      ['marteletes', 'Marteletes', 'Rotomartillos', 'Martelete Perfurador', 'Rotomartillo', 'HR', 'hammer-drill', 'power', 120, 890],
      [
        'esmerilhadeiras',
        'Esmerilhadeiras',
        'Amoladoras',
        'Esmerilhadeira Angular',
        'Amoladora Angular',
        'GA',
        'grinder',
        'power',
        38,
        320,
      ],
      ['serras-circulares', 'Serras Circulares', 'Sierras Circulares', 'Serra Circular', 'Sierra Circular', 'HS', 'saw', 'power', 70, 420],
      ['serras-tico-tico', 'Serras Tico-Tico', 'Sierras Caladoras', 'Serra Tico-Tico', 'Sierra Caladora', 'JV', 'jigsaw', 'power', 45, 260],
      ['plainas', 'Plainas', 'Cepillos', 'Plaina Elétrica', 'Cepillo Eléctrico', 'KP', 'planer', 'power', 80, 380],
      ['lixadeiras', 'Lixadeiras', 'Lijadoras', 'Lixadeira Orbital', 'Lijadora Orbital', 'BO', 'sander', 'power', 35, 240],
      ['tupias', 'Tupias', 'Fresadoras', 'Tupia', 'Fresadora', 'RT', 'router', 'power', 90, 480],
      [
        'sopradores-termicos',
        'Sopradores Térmicos',
        'Pistolas de Calor',
        'Soprador Térmico',
        'Pistola de Calor',
        'HG',
        'heat-gun',
        'power',
        25,
        140,
      ],
    ].map((r) => dept(r as Row)),
  },
  {
    slug: 'ferramentas-a-bateria',
    pt: 'Ferramentas a Bateria',
    es: 'Herramientas a Batería',
    icon: 'battery',
    brands: ['makita', 'bosch', 'dewalt', 'milwaukee', 'metabo', 'hikoki', 'einhell', 'black-decker'],
    departments: [
      [
        'parafusadeiras-a-bateria',
        'Parafusadeiras a Bateria',
        'Atornilladores a Batería',
        'Parafusadeira a Bateria',
        'Atornillador a Batería',
        'DDF',
        'drill',
        'cordless',
        60,
        390,
      ],
      [
        'chaves-de-impacto',
        'Chaves de Impacto',
        'Llaves de Impacto',
        'Chave de Impacto a Bateria',
        'Llave de Impacto a Batería',
        'DTW',
        'impact-wrench',
        'cordless',
        110,
        520,
      ],
      [
        'esmerilhadeiras-a-bateria',
        'Esmerilhadeiras a Bateria',
        'Amoladoras a Batería',
        'Esmerilhadeira Angular a Bateria',
        'Amoladora Angular a Batería',
        'DGA',
        'grinder',
        'cordless',
        95,
        460,
      ],
      ['baterias', 'Baterias', 'Baterías', 'Bateria de Lítio', 'Batería de Litio', 'BL', 'battery', 'battery', 35, 210],
      ['carregadores', 'Carregadores', 'Cargadores', 'Carregador Rápido', 'Cargador Rápido', 'DC', 'battery', 'battery', 30, 160],
    ].map((r) => dept(r as Row)),
  },
  {
    slug: 'ferramentas-manuais',
    pt: 'Ferramentas Manuais',
    es: 'Herramientas Manuales',
    icon: 'wrench',
    brands: HAND,
    departments: [
      ['alicates', 'Alicates', 'Alicates', 'Alicate Universal', 'Alicate Universal', 'AU', 'pliers', 'hand', 6, 60],
      ['martelos', 'Martelos', 'Martillos', 'Martelo de Unha', 'Martillo de Uña', 'MU', 'hammer', 'hand', 8, 55],
      ['chaves-de-fenda', 'Chaves de Fenda', 'Destornilladores', 'Chave de Fenda', 'Destornillador', 'CF', 'screwdriver', 'hand', 3, 30],
      ['chaves-combinadas', 'Chaves Combinadas', 'Llaves Combinadas', 'Chave Combinada', 'Llave Combinada', 'CC', 'wrench', 'hand', 4, 40],
      ['serrotes', 'Serrotes', 'Serruchos', 'Serrote Profissional', 'Serrucho Profesional', 'SR', 'handsaw', 'hand', 9, 45],
      ['formoes', 'Formões', 'Formones', 'Formão para Madeira', 'Formón para Madera', 'FM', 'screwdriver', 'hand', 6, 38],
    ].map((r) => dept(r as Row)),
  },
  {
    slug: 'medicao',
    pt: 'Medição',
    es: 'Medición',
    icon: 'tape',
    brands: ['bosch', 'stanley', 'starrett', 'fluke', 'makita', 'dewalt'],
    departments: [
      ['trenas', 'Trenas', 'Cintas Métricas', 'Trena de Aço', 'Cinta Métrica de Acero', 'TR', 'tape', 'measure', 5, 45],
      ['niveis-a-laser', 'Níveis a Laser', 'Niveles Láser', 'Nível a Laser', 'Nivel Láser', 'GLL', 'meter', 'measure', 70, 690],
      [
        'medidores-a-laser',
        'Medidores a Laser',
        'Medidores Láser',
        'Medidor de Distância a Laser',
        'Medidor de Distancia Láser',
        'GLM',
        'meter',
        'measure',
        40,
        320,
      ],
      ['multimetros', 'Multímetros', 'Multímetros', 'Multímetro Digital', 'Multímetro Digital', 'MD', 'meter', 'measure', 25, 480],
      ['paquimetros', 'Paquímetros', 'Calibres', 'Paquímetro Digital', 'Calibre Digital', 'PQ', 'tape', 'measure', 20, 190],
    ].map((r) => dept(r as Row)),
  },
  {
    slug: 'jardinagem',
    pt: 'Jardinagem',
    es: 'Jardinería',
    icon: 'chainsaw',
    brands: ['stihl', 'husqvarna', 'makita', 'einhell', 'tramontina', 'black-decker'],
    departments: [
      ['rocadeiras', 'Roçadeiras', 'Desmalezadoras', 'Roçadeira a Gasolina', 'Desmalezadora a Nafta', 'FS', 'chainsaw', 'garden', 140, 720],
      ['motosserras', 'Motosserras', 'Motosierras', 'Motosserra', 'Motosierra', 'MS', 'chainsaw', 'garden', 160, 980],
      ['sopradores', 'Sopradores', 'Sopladoras', 'Soprador de Folhas', 'Sopladora de Hojas', 'BG', 'chainsaw', 'garden', 90, 450],
      [
        'cortadores-de-grama',
        'Cortadores de Grama',
        'Cortadoras de Césped',
        'Cortador de Grama',
        'Cortadora de Césped',
        'LM',
        'generator',
        'garden',
        150,
        890,
      ],
      ['tesouras-de-poda', 'Tesouras de Poda', 'Tijeras de Podar', 'Tesoura de Poda', 'Tijera de Podar', 'TP', 'pliers', 'garden', 9, 75],
    ].map((r) => dept(r as Row)),
  },
  {
    slug: 'compressores-e-pneumaticas',
    pt: 'Compressores e Pneumáticas',
    es: 'Compresores y Neumáticas',
    icon: 'compressor',
    brands: ['schulz', 'vonder', 'einhell', 'makita', 'stanley'],
    departments: [
      [
        'compressores',
        'Compressores de Ar',
        'Compresores de Aire',
        'Compressor de Ar',
        'Compresor de Aire',
        'CSA',
        'compressor',
        'air',
        160,
        1400,
      ],
      [
        'pistolas-de-pintura',
        'Pistolas de Pintura',
        'Pistolas de Pintura',
        'Pistola de Pintura',
        'Pistola de Pintura',
        'PP',
        'spray-gun',
        'air',
        20,
        180,
      ],
      [
        'grampeadores-pneumaticos',
        'Grampeadores Pneumáticos',
        'Grapadoras Neumáticas',
        'Grampeador Pneumático',
        'Grapadora Neumática',
        'GP',
        'stapler',
        'air',
        45,
        260,
      ],
      [
        'calibradores-de-pneus',
        'Calibradores de Pneus',
        'Infladores de Neumáticos',
        'Calibrador de Pneus',
        'Inflador de Neumáticos',
        'CP',
        'meter',
        'air',
        15,
        95,
      ],
    ].map((r) => dept(r as Row)),
  },
  {
    slug: 'soldagem',
    pt: 'Soldagem',
    es: 'Soldadura',
    icon: 'welder',
    brands: ['esab', 'vonder', 'bosch', 'einhell'],
    departments: [
      [
        'inversoras-de-solda',
        'Inversoras de Solda',
        'Soldadoras Inverter',
        'Inversora de Solda',
        'Soldadora Inverter',
        'INV',
        'welder',
        'weld',
        140,
        1200,
      ],
      [
        'mascaras-de-solda',
        'Máscaras de Solda',
        'Caretas de Soldar',
        'Máscara de Solda Automática',
        'Careta de Soldar Automática',
        'MSA',
        'helmet',
        'weld',
        25,
        160,
      ],
      ['macaricos', 'Maçaricos', 'Sopletes', 'Maçarico', 'Soplete', 'MC', 'welder', 'weld', 30, 210],
      ['eletrodos', 'Eletrodos', 'Electrodos', 'Eletrodo Revestido', 'Electrodo Revestido', 'E6013', 'bit', 'weld', 8, 45],
    ].map((r) => dept(r as Row)),
  },
  {
    slug: 'lavadoras-e-aspiradores',
    pt: 'Lavadoras e Aspiradores',
    es: 'Hidrolavadoras y Aspiradoras',
    icon: 'washer',
    brands: ['karcher', 'einhell', 'black-decker', 'vonder', 'makita'],
    departments: [
      [
        'lavadoras-de-alta-pressao',
        'Lavadoras de Alta Pressão',
        'Hidrolavadoras',
        'Lavadora de Alta Pressão',
        'Hidrolavadora',
        'K',
        'washer',
        'clean',
        90,
        890,
      ],
      [
        'aspiradores-de-po',
        'Aspiradores de Pó e Água',
        'Aspiradoras de Polvo y Agua',
        'Aspirador de Pó e Água',
        'Aspiradora de Polvo y Agua',
        'WD',
        'washer',
        'clean',
        60,
        520,
      ],
      ['extratoras', 'Extratoras', 'Extractoras', 'Extratora de Sujeira', 'Extractora de Suciedad', 'SE', 'washer', 'clean', 180, 760],
    ].map((r) => dept(r as Row)),
  },
  {
    slug: 'geradores-e-motores',
    pt: 'Geradores e Motores',
    es: 'Generadores y Motores',
    icon: 'generator',
    brands: ['toyama', 'einhell', 'vonder', 'husqvarna'],
    departments: [
      ['geradores', 'Geradores', 'Generadores', 'Gerador a Gasolina', 'Generador a Nafta', 'TG', 'generator', 'engine', 280, 2600],
      ['motobombas', 'Motobombas', 'Motobombas', 'Motobomba', 'Motobomba', 'TMB', 'generator', 'engine', 160, 980],
      [
        'motores-estacionarios',
        'Motores Estacionários',
        'Motores Estacionarios',
        'Motor Estacionário',
        'Motor Estacionario',
        'TF',
        'generator',
        'engine',
        180,
        1300,
      ],
    ].map((r) => dept(r as Row)),
  },
  {
    slug: 'seguranca',
    pt: 'Segurança (EPI)',
    es: 'Seguridad (EPP)',
    icon: 'helmet',
    brands: ['3m', 'stanley', 'dewalt', 'vonder', 'milwaukee'],
    departments: [
      ['luvas', 'Luvas de Proteção', 'Guantes de Protección', 'Luva de Proteção', 'Guante de Protección', 'LV', 'gloves', 'safety', 3, 35],
      [
        'oculos-de-protecao',
        'Óculos de Proteção',
        'Lentes de Seguridad',
        'Óculos de Proteção',
        'Lentes de Seguridad',
        'OC',
        'helmet',
        'safety',
        3,
        40,
      ],
      [
        'protetores-auriculares',
        'Protetores Auriculares',
        'Protectores Auditivos',
        'Protetor Auricular Tipo Concha',
        'Protector Auditivo Tipo Copa',
        'PA',
        'helmet',
        'safety',
        5,
        60,
      ],
      ['capacetes', 'Capacetes', 'Cascos', 'Capacete de Segurança', 'Casco de Seguridad', 'CS', 'helmet', 'safety', 6, 70],
    ].map((r) => dept(r as Row)),
  },
  {
    slug: 'acessorios',
    pt: 'Acessórios',
    es: 'Accesorios',
    icon: 'disc',
    brands: ['bosch', 'makita', 'dewalt', 'irwin', 'vonder', 'milwaukee', 'starrett'],
    departments: [
      ['brocas', 'Brocas', 'Brocas', 'Broca para Concreto', 'Broca para Hormigón', 'BR', 'bit', 'accessory', 2, 40],
      [
        'discos-de-corte',
        'Discos de Corte',
        'Discos de Corte',
        'Disco de Corte para Metal',
        'Disco de Corte para Metal',
        'DC',
        'disc',
        'accessory',
        2,
        25,
      ],
      [
        'laminas-de-serra',
        'Lâminas de Serra',
        'Hojas de Sierra',
        'Lâmina de Serra Circular',
        'Hoja de Sierra Circular',
        'LS',
        'disc',
        'accessory',
        8,
        95,
      ],
      ['bits-e-pontas', 'Bits e Pontas', 'Puntas y Bits', 'Jogo de Bits', 'Juego de Puntas', 'BT', 'bit', 'accessory', 5, 60],
      ['lixas', 'Lixas', 'Lijas', 'Lixa para Madeira', 'Lija para Madera', 'LX', 'disc', 'accessory', 1, 20],
    ].map((r) => dept(r as Row)),
  },
  {
    slug: 'bancadas-e-armazenamento',
    pt: 'Bancadas e Armazenamento',
    es: 'Bancos y Almacenamiento',
    icon: 'box',
    brands: ['stanley', 'tramontina', 'vonder', 'dewalt', 'gedore', 'milwaukee'],
    departments: [
      [
        'caixas-de-ferramentas',
        'Caixas de Ferramentas',
        'Cajas de Herramientas',
        'Caixa de Ferramentas',
        'Caja de Herramientas',
        'CX',
        'box',
        'storage',
        12,
        160,
      ],
      ['maletas', 'Maletas', 'Maletines', 'Maleta Organizadora', 'Maletín Organizador', 'ML', 'box', 'storage', 15, 140],
      ['morsas', 'Morsas', 'Morsas', 'Morsa de Bancada', 'Morsa de Banco', 'MB', 'wrench', 'storage', 30, 320],
      ['bancadas', 'Bancadas', 'Bancos de Trabajo', 'Bancada de Trabalho', 'Banco de Trabajo', 'BCD', 'box', 'storage', 90, 680],
    ].map((r) => dept(r as Row)),
  },
  {
    slug: 'kits-completos',
    pt: 'Kits Completos',
    es: 'Kits Completos',
    icon: 'box',
    special: true,
    brands: ['makita', 'dewalt', 'bosch', 'milwaukee', 'stanley'],
    departments: [
      [
        'kits-a-bateria',
        'Kits a Bateria',
        'Kits a Batería',
        'Kit Combo a Bateria',
        'Kit Combo a Batería',
        'DLX',
        'battery',
        'kit',
        240,
        1200,
      ],
      [
        'kits-de-manutencao',
        'Kits de Manutenção',
        'Kits de Mantenimiento',
        'Kit de Manutenção',
        'Kit de Mantenimiento',
        'KM',
        'box',
        'kit',
        45,
        380,
      ],
    ].map((r) => dept(r as Row)),
  },
  {
    slug: 'jogos-de-chaves',
    pt: 'Jogos de Chaves',
    es: 'Juegos de Llaves',
    icon: 'wrench',
    special: true,
    brands: ['gedore', 'tramontina', 'stanley', 'bahco', 'wera'],
    departments: [
      ['jogos-de-soquetes', 'Jogos de Soquetes', 'Juegos de Tubos', 'Jogo de Soquetes', 'Juego de Tubos', 'JS', 'wrench', 'kit', 30, 420],
      [
        'jogos-de-chaves-combinadas',
        'Jogos de Chaves Combinadas',
        'Juegos de Llaves Combinadas',
        'Jogo de Chaves Combinadas',
        'Juego de Llaves Combinadas',
        'JC',
        'wrench',
        'kit',
        25,
        260,
      ],
      [
        'jogos-de-chaves-allen',
        'Jogos de Chaves Allen',
        'Juegos de Llaves Allen',
        'Jogo de Chaves Allen',
        'Juego de Llaves Allen',
        'JA',
        'wrench',
        'kit',
        6,
        70,
      ],
    ].map((r) => dept(r as Row)),
  },
];

export interface BrandSeed {
  slug: string;
  name: string;
  /** Logo colours: background and text. */
  colors: [string, string];
  code: string;
}

export const BRANDS: BrandSeed[] = [
  { slug: 'makita', name: 'Makita', colors: ['#00909e', '#ffffff'], code: 'MK' },
  { slug: 'bosch', name: 'Bosch', colors: ['#1b3f8b', '#ffffff'], code: 'BO' },
  { slug: 'dewalt', name: 'DeWalt', colors: ['#febd17', '#111111'], code: 'DW' },
  { slug: 'milwaukee', name: 'Milwaukee', colors: ['#c8102e', '#ffffff'], code: 'MW' },
  { slug: 'metabo', name: 'Metabo', colors: ['#007a3d', '#ffffff'], code: 'MT' },
  { slug: 'hikoki', name: 'HiKOKI', colors: ['#00695c', '#ffffff'], code: 'HK' },
  { slug: 'black-decker', name: 'Black+Decker', colors: ['#f26722', '#111111'], code: 'BD' },
  { slug: 'einhell', name: 'Einhell', colors: ['#c4161c', '#ffffff'], code: 'EH' },
  { slug: 'skil', name: 'Skil', colors: ['#e30613', '#ffffff'], code: 'SK' },
  { slug: 'stanley', name: 'Stanley', colors: ['#ffd100', '#111111'], code: 'ST' },
  { slug: 'tramontina', name: 'Tramontina', colors: ['#003f7d', '#ffffff'], code: 'TM' },
  { slug: 'gedore', name: 'Gedore', colors: ['#005bac', '#ffffff'], code: 'GD' },
  { slug: 'irwin', name: 'Irwin', colors: ['#1a1a1a', '#ffcc00'], code: 'IR' },
  { slug: 'bahco', name: 'Bahco', colors: ['#e2231a', '#ffffff'], code: 'BH' },
  { slug: 'knipex', name: 'Knipex', colors: ['#d7141a', '#ffffff'], code: 'KN' },
  { slug: 'starrett', name: 'Starrett', colors: ['#2d2d2d', '#e8e8e8'], code: 'SR' },
  { slug: 'fluke', name: 'Fluke', colors: ['#ffc20e', '#1a1a1a'], code: 'FL' },
  { slug: 'stihl', name: 'Stihl', colors: ['#f37a1f', '#ffffff'], code: 'SH' },
  { slug: 'husqvarna', name: 'Husqvarna', colors: ['#273a60', '#f35c24'], code: 'HQ' },
  { slug: 'schulz', name: 'Schulz', colors: ['#0054a6', '#ffffff'], code: 'SZ' },
  { slug: 'vonder', name: 'Vonder', colors: ['#004b8d', '#ffd400'], code: 'VD' },
  { slug: 'esab', name: 'ESAB', colors: ['#ffcb05', '#1d1d1b'], code: 'ES' },
  { slug: 'karcher', name: 'Kärcher', colors: ['#ffed00', '#1d1d1b'], code: 'KC' },
  { slug: 'toyama', name: 'Toyama', colors: ['#b71c1c', '#ffffff'], code: 'TY' },
  { slug: '3m', name: '3M', colors: ['#ff0000', '#ffffff'], code: 'MM' },
  { slug: 'wera', name: 'Wera', colors: ['#101820', '#c4d600'], code: 'WR' },
];
