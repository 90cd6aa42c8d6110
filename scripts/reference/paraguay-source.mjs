// The shop's Paraguayan departments and districts, tied to the SIFEN snapshot
// (sifen-geo-snapshot.json): estado_id 28-45 in the accounts spec (section 3) order with the SIFEN
// department code, and for every district the SIFEN district code (cidade_codigo), its cidade_id
// and the name shown to shoppers. cidade_ids never change once given (addresses, carts and rates
// keep them): 6001-6257 come from the first hand-written list (migration 0202), new districts
// get the next free ids. Names: the written-out form of the SIFEN description (abbreviations such
// as CNEL./GRAL./DR./PTO. expanded, accents restored); the previous names are kept where they
// spell the same district, and 6057 (was Villa Curuguaty) takes the SIFEN name. Decision record:
// docs/decisions/0204-paraguay-sifen-districts.md. build-paraguay.mjs checks this table against
// the snapshot.
export const DEPARTMENTS = [
  { estado_id: 28, nome: 'Caaguazú', sifen: 6, districts: [
    [61, 6001, 'Coronel Oviedo'], [62, 6002, 'Caaguazú'], [63, 6003, 'Carayaó'],
    [64, 6004, 'Doctor Cecilio Báez'], [71, 6005, 'Santa Rosa del Mbutuy'], [69, 6006, 'Doctor Juan Manuel Frutos'],
    [70, 6007, 'Repatriación'], [65, 6008, 'Nueva Londres'], [66, 6009, 'San Joaquín'],
    [67, 6010, 'San José de los Arroyos'], [68, 6011, 'Yhú'], [72, 6012, 'Doctor J. Eulogio Estigarribia'],
    [74, 6013, 'R.I. 3 Corrales'], [75, 6014, 'Raúl Arsenio Oviedo'], [73, 6015, 'José Domingo Ocampos'],
    [76, 6016, 'Mariscal Francisco Solano López'], [229, 6017, 'La Pastora'], [227, 6018, '3 de Febrero'],
    [228, 6019, 'Simón Bolívar'], [237, 6020, 'Vaquería'], [275, 6021, 'Tembiaporá'],
    [276, 6022, 'Nueva Toledo'], [244, 6269, 'Esculies'],
  ] },
  { estado_id: 29, nome: 'Misiones', sifen: 9, districts: [
    [115, 6023, 'San Juan Bautista'], [116, 6024, 'Ayolas'], [117, 6025, 'San Ignacio'],
    [118, 6026, 'San Miguel'], [119, 6027, 'San Patricio'], [121, 6028, 'Santa María'],
    [122, 6029, 'Santa Rosa'], [120, 6030, 'Santiago'], [123, 6031, 'Villa Florida'],
    [124, 6032, 'Yabebyry'],
  ] },
  { estado_id: 30, nome: 'Alto Paraná', sifen: 11, districts: [
    [145, 6033, 'Ciudad del Este'], [149, 6034, 'Presidente Franco'], [143, 6035, 'Domingo Martínez de Irala'],
    [146, 6036, 'Doctor Juan León Mallorquín'], [142, 6037, 'Hernandarias'], [147, 6038, 'Itakyry'],
    [148, 6039, 'Juan E. O\'Leary'], [144, 6040, 'Ñacunday'], [150, 6041, 'Yguazú'],
    [211, 6042, 'Los Cedrales'], [210, 6043, 'Minga Guazú'], [151, 6044, 'San Cristóbal'],
    [209, 6045, 'Santa Rita'], [215, 6046, 'Naranjal'], [216, 6047, 'Santa Rosa del Monday'],
    [213, 6048, 'Minga Porá'], [219, 6049, 'Mbaracayú'], [212, 6050, 'San Alberto'],
    [217, 6051, 'Iruña'], [239, 6052, 'Santa Fe del Paraná'], [269, 6053, 'Tavapy'],
    [273, 6054, 'Doctor Raúl Peña'], [240, 6267, 'Nueva Esperanza'],
  ] },
  { estado_id: 31, nome: 'Canindeyú', sifen: 18, districts: [
    [207, 6055, 'Salto del Guairá'], [200, 6056, 'Corpus Christi'], [197, 6057, 'San Isidro del Curuguaty'],
    [198, 6058, 'Villa Ygatimí'], [201, 6059, 'Itanará'], [199, 6060, 'Ypejhú'],
    [202, 6061, 'Francisco Caballero Álvarez'], [236, 6062, 'Katueté'], [235, 6063, 'La Paloma del Espíritu Santo'],
    [238, 6064, 'Nueva Esperanza'], [241, 6065, 'Yasy Cañy'], [271, 6066, 'Ybyrarobaná'],
    [274, 6067, 'Yby Pytã'], [283, 6068, 'Maracaná'], [284, 6069, 'Puerto Adela'],
  ] },
  { estado_id: 32, nome: 'Cordillera', sifen: 4, districts: [
    [26, 6071, 'Caacupé'], [27, 6072, 'Altos'], [28, 6073, 'Arroyos y Esteros'],
    [29, 6074, 'Atyrá'], [30, 6075, 'Caraguatay'], [31, 6076, 'Emboscada'],
    [32, 6077, 'Eusebio Ayala'], [33, 6078, 'Isla Pucú'], [34, 6079, 'Itacurubí de la Cordillera'],
    [35, 6080, 'Juan de Mena'], [43, 6081, 'Loma Grande'], [214, 6082, 'Mbocayaty del Yhaguy'],
    [36, 6083, 'Nueva Colombia'], [37, 6084, 'Piribebuy'], [38, 6085, 'Primero de Marzo'],
    [39, 6086, 'San Bernardino'], [40, 6087, 'Santa Elena'], [41, 6088, 'Tobatí'],
    [42, 6089, 'Valenzuela'], [44, 6090, 'San José Obrero'],
  ] },
  { estado_id: 33, nome: 'San Pedro', sifen: 3, districts: [
    [10, 6091, 'San Pedro del Ycuamandiyú'], [11, 6092, 'Antequera'], [23, 6093, 'Choré'],
    [12, 6094, 'General Elizardo Aquino'], [13, 6095, 'Itacurubí del Rosario'], [15, 6096, 'Lima'],
    [16, 6097, 'Nueva Germania'], [14, 6098, 'San Estanislao'], [24, 6099, 'San Pablo'],
    [17, 6100, 'Tacuatí'], [18, 6101, 'Unión'], [19, 6102, '25 de Diciembre'],
    [20, 6103, 'Villa del Rosario'], [22, 6104, 'General Francisco Isidoro Resquín'], [21, 6105, 'Yataity del Norte'],
    [220, 6106, 'Guayaibí'], [226, 6107, 'Capiibary'], [263, 6108, 'Santa Rosa del Aguaray'],
    [245, 6109, 'Yrybucuá'], [268, 6110, 'Liberación'], [285, 6111, 'San Vicente Pancholo'],
    [25, 6112, 'San José del Rosario'],
  ] },
  { estado_id: 34, nome: 'Concepción', sifen: 2, districts: [
    [2, 6113, 'Concepción'], [5, 6114, 'Belén'], [7, 6115, 'Horqueta'],
    [6, 6116, 'Loreto'], [267, 6117, 'San Carlos del Apa'], [3, 6118, 'San Lázaro'],
    [9, 6119, 'Yby Yaú'], [282, 6120, 'Azotey'], [270, 6121, 'Sargento José Félix López'],
    [281, 6122, 'San Alfredo'], [280, 6123, 'Paso Barreto'], [286, 6124, 'Arroyito'],
    [4, 6258, 'San Carlos'], [8, 6259, 'San Salvador'], [288, 6271, 'Paso Horqueta'],
  ] },
  { estado_id: 35, nome: 'Itapúa', sifen: 8, districts: [
    [87, 6125, 'Encarnación'], [88, 6126, 'Bella Vista'], [89, 6127, 'Cambyretá'],
    [90, 6128, 'Capitán Meza'], [92, 6129, 'Capitán Miranda'], [102, 6130, 'Nueva Alborada'],
    [91, 6131, 'Carmen del Paraná'], [93, 6132, 'Coronel Bogado'], [107, 6133, 'Carlos Antonio López'],
    [104, 6134, 'Natalio'], [94, 6135, 'Fram'], [95, 6136, 'General Artigas'],
    [96, 6137, 'General Delgado'], [97, 6138, 'Hohenau'], [98, 6139, 'Jesús'],
    [105, 6140, 'José Leandro Oviedo'], [99, 6141, 'Obligado'], [108, 6142, 'Mayor Julio Dionisio Otaño'],
    [100, 6143, 'San Cosme y Damián'], [101, 6144, 'San Pedro del Paraná'], [106, 6145, 'San Rafael del Paraná'],
    [103, 6146, 'Trinidad'], [109, 6147, 'Edelira'], [112, 6148, 'Tomás Romero Pereira'],
    [262, 6149, 'Alto Verá'], [111, 6150, 'La Paz'], [113, 6151, 'Yatytay'],
    [110, 6152, 'San Juan del Paraná'], [221, 6153, 'Pirapó'], [232, 6154, 'Itapúa Poty'],
    [114, 6260, 'Heriberta S. de Iglesias'], [243, 6268, 'Federico Chávez'],
  ] },
  { estado_id: 36, nome: 'Central', sifen: 12, districts: [
    [152, 6155, 'Areguá'], [153, 6156, 'Capiatá'], [154, 6157, 'Fernando de la Mora'],
    [155, 6158, 'Guarambaré'], [156, 6159, 'Itá'], [157, 6160, 'Itauguá'],
    [169, 6161, 'Lambaré'], [158, 6162, 'Limpio'], [159, 6163, 'Luque'],
    [160, 6164, 'Mariano Roque Alonso'], [162, 6165, 'Nueva Italia'], [161, 6166, 'Ñemby'],
    [163, 6167, 'San Antonio'], [164, 6168, 'San Lorenzo'], [165, 6169, 'Villa Elisa'],
    [166, 6170, 'Villeta'], [167, 6171, 'Ypacaraí'], [168, 6172, 'Ypané'],
    [170, 6173, 'J. Augusto Saldívar'],
  ] },
  { estado_id: 37, nome: 'Paraguarí', sifen: 10, districts: [
    [125, 6174, 'Paraguarí'], [126, 6175, 'Acahay'], [127, 6176, 'Caapucú'],
    [128, 6177, 'Caballero'], [129, 6178, 'Carapeguá'], [131, 6179, 'Escobar'],
    [130, 6180, 'La Colmena'], [132, 6181, 'Mbuyapey'], [133, 6182, 'Pirayú'],
    [134, 6183, 'Quiindy'], [138, 6184, 'Quyquyhó'], [135, 6185, 'San Roque González de Santa Cruz'],
    [136, 6186, 'Sapucai'], [140, 6187, 'Tebicuarymí'], [141, 6188, 'Yaguarón'],
    [137, 6189, 'Ybycuí'], [139, 6190, 'Ybytymí'],
  ] },
  { estado_id: 38, nome: 'Presidente Hayes', sifen: 15, districts: [
    [188, 6192, 'Villa Hayes'], [189, 6193, 'Benjamín Aceval'], [190, 6194, 'Puerto Pinasco'],
    [191, 6195, 'Nanawa'], [242, 6196, 'José Falcón'], [261, 6197, 'Teniente Primero Manuel Irala Fernández'],
    [264, 6198, 'Teniente Esteban Martínez'], [206, 6263, 'Pozo Colorado'], [287, 6270, 'Nueva Asunción'],
  ] },
  { estado_id: 39, nome: 'Capital', sifen: 1, districts: [
    [1, 6200, 'Asunción'],
  ] },
  { estado_id: 40, nome: 'Caazapá', sifen: 7, districts: [
    [77, 6201, 'Caazapá'], [83, 6202, 'Abaí'], [78, 6203, 'Buena Vista'],
    [81, 6204, 'Doctor Moisés S. Bertoni'], [79, 6205, 'General Higinio Morínigo'], [80, 6206, 'Maciel'],
    [82, 6207, 'San Juan Nepomuceno'], [84, 6208, 'Tavaí'], [85, 6209, 'Fulgencio Yegros'],
    [86, 6210, 'Yuty'], [272, 6211, '3 de Mayo'],
  ] },
  { estado_id: 41, nome: 'Guairá', sifen: 5, districts: [
    [45, 6212, 'Villarrica'], [47, 6213, 'Borja'], [53, 6214, 'Capitán Mauricio José Troche'],
    [50, 6215, 'Coronel Martínez'], [52, 6216, 'Félix Pérez Cardozo'], [49, 6217, 'General Eugenio A. Garay'],
    [48, 6218, 'Independencia'], [54, 6219, 'Itapé'], [55, 6220, 'Iturbe'],
    [51, 6221, 'José Fassardi'], [56, 6222, 'Mbocayaty'], [57, 6223, 'Natalicio Talavera'],
    [58, 6224, 'Ñumí'], [46, 6225, 'San Salvador'], [59, 6226, 'Yataity'],
    [60, 6227, 'Doctor Bottrell'], [225, 6228, 'Paso Yobái'], [265, 6229, 'Tebicuary'],
  ] },
  { estado_id: 42, nome: 'Ñeembucú', sifen: 13, districts: [
    [171, 6230, 'Pilar'], [172, 6231, 'Alberdi'], [173, 6232, 'Cerrito'],
    [174, 6233, 'Desmochados'], [203, 6234, 'General José Eduvigis Díaz'], [175, 6235, 'Guazú Cuá'],
    [176, 6236, 'Humaitá'], [177, 6237, 'Isla Umbú'], [178, 6238, 'Laureles'],
    [180, 6239, 'Mayor José J. Martínez'], [179, 6240, 'Paso de Patria'], [181, 6241, 'San Juan Bautista del Ñeembucú'],
    [182, 6242, 'Tacuaras'], [205, 6243, 'Villa Franca'], [183, 6244, 'Villa Oliva'],
    [184, 6245, 'Villalbín'],
  ] },
  { estado_id: 43, nome: 'Alto Paraguay', sifen: 17, districts: [
    [195, 6246, 'Fuerte Olimpo'], [218, 6247, 'Puerto Casado'], [196, 6248, 'Bahía Negra'],
    [266, 6249, 'Carmelo Peralta'], [223, 6264, 'Puerto Guaraní'], [233, 6265, 'Mayor Pablo Lagerenza'],
  ] },
  { estado_id: 44, nome: 'Amambay', sifen: 14, districts: [
    [185, 6250, 'Pedro Juan Caballero'], [186, 6251, 'Bella Vista Norte'], [187, 6252, 'Capitán Bado'],
    [279, 6253, 'Zanja Pytã'], [278, 6254, 'Karapaí'],
  ] },
  { estado_id: 45, nome: 'Boquerón', sifen: 16, districts: [
    [192, 6255, 'Mariscal José Félix Estigarribia'], [259, 6256, 'Filadelfia'], [260, 6257, 'Loma Plata'],
    [193, 6261, 'Boquerón'], [194, 6262, 'Pedro P. Peña'], [234, 6266, 'General Eugenio A. Garay'],
  ] },
];

// Districts of the first list that the SIFEN snapshot does not carry. Their rows stay (inactive:
// not offered for new addresses) so existing addresses, carts and orders still resolve them.
export const RETIRED = [
  { cidade_id: 6070, estado_id: 31, nome: 'Laurel' },
  { cidade_id: 6191, estado_id: 37, nome: 'María Antonia' },
  { cidade_id: 6199, estado_id: 38, nome: 'General José María Bruguez' },
];
