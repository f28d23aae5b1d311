/** Spanish words and phrases the demo generators combine into titles, synopses and credits. */

export const FIRST_NAMES = [
  'Lucía', 'Carmen', 'Marta', 'Elena', 'Paula', 'Sara', 'Ana', 'Isabel', 'Pilar', 'Rocío', 'Nuria', 'Irene', 'Alba', 'Julia', 'Inés', 'Teresa',
  'Javier', 'Pablo', 'Daniel', 'Sergio', 'Alejandro', 'Manuel', 'Andrés', 'Luis', 'Miguel', 'Álvaro', 'Diego', 'Jorge', 'Raúl', 'Iñaki', 'Óscar', 'Tomás',
];
export const SURNAMES = [
  'García', 'Martínez', 'López', 'Sánchez', 'Pérez', 'Gómez', 'Fernández', 'Ruiz', 'Díaz', 'Moreno', 'Muñoz', 'Álvarez', 'Romero', 'Navarro', 'Torres',
  'Domínguez', 'Vázquez', 'Ramos', 'Gil', 'Serrano', 'Blanco', 'Castro', 'Ortega', 'Rubio', 'Marín', 'Sanz', 'Iglesias', 'Núñez', 'Medina', 'Garrido',
  'Etxeberria', 'Peñalver', 'Quintana', 'Albéniz', 'Cordero', 'Ybarra',
];
/** Each profession as [for a woman, for a man]; the first 16 first names are women's. */
export const PROFESSIONS: readonly (readonly [string, string])[] = [
  ['una inspectora de policía', 'un inspector de policía'], ['una profesora jubilada', 'un profesor jubilado'], ['una médica de guardia', 'un médico de guardia'],
  ['una pescadora', 'un pescador'], ['una periodista', 'un periodista'], ['una taxista', 'un taxista'], ['una arquitecta', 'un arquitecto'],
  ['una cocinera', 'un cocinero'], ['una violinista', 'un violinista'], ['una guardia civil', 'un guardia civil'], ['una abogada', 'un abogado'],
  ['una boxeadora retirada', 'un boxeador retirado'], ['una astrónoma', 'un astrónomo'], ['una librera', 'un librero'], ['una jueza', 'un juez'], ['una piloto', 'un piloto'],
];
/** How many of FIRST_NAMES, from the start, are women's names. */
export const FEMALE_FIRST_NAMES = 16;
export const PLACES = [
  'Cádiz', 'Bilbao', 'un pueblo de Soria', 'Valencia', 'Sevilla', 'la costa gallega', 'Madrid', 'Barcelona', 'los Pirineos', 'Lanzarote', 'Toledo',
  'Salamanca', 'una isla del Mediterráneo', 'Buenos Aires', 'Ciudad de México', 'Lisboa', 'Zaragoza', 'Granada',
];
export const DISCOVERIES = [
  'una carta escrita hace cuarenta años', 'que su familia guarda un secreto', 'un cadáver en la playa', 'un mapa incompleto', 'una fortuna escondida',
  'que alguien le sigue', 'la verdad sobre su padre', 'un cuaderno lleno de nombres', 'una fotografía imposible', 'un hermano que no conocía',
  'que el pueblo va a desaparecer bajo un pantano', 'una red de contrabando',
];
export const GOALS = [
  'reunir a los suyos', 'descubrir quién miente', 'salvar el negocio familiar', 'cruzar el país', 'ganar la final', 'limpiar su nombre',
  'recuperar lo que perdió', 'proteger a su hija', 'resolver el caso', 'cumplir una vieja promesa', 'escapar del pasado',
];
export const DEADLINES = [
  'llegue el invierno', 'sea demasiado tarde', 'termine el verano', 'amanezca', 'se celebre el juicio', 'zarpe el último barco', 'acabe la fiesta del pueblo',
];
export const EXTRA_SENTENCES = [
  'Una historia sobre la lealtad y las segundas oportunidades.',
  'Rodada en escenarios naturales, con una fotografía deslumbrante.',
  'El reparto coral brilla en cada escena.',
  'Un relato lleno de humor, ternura y giros inesperados.',
  'Basada en hechos reales.',
  'Premiada en varios festivales internacionales.',
  'Una mirada honesta a la vida en familia.',
  'Tensión de principio a fin.',
];

/** Film titles are a noun phrase and a complement; complements agree with any noun. */
export const TITLE_NOUNS = [
  'La casa', 'El silencio', 'Las cartas', 'El faro', 'La frontera', 'Los años', 'El jardín', 'La herencia', 'El viaje', 'La noche', 'El camino',
  'La isla', 'El secreto', 'La memoria', 'El invierno', 'La promesa', 'El eco', 'La huida', 'El último tren', 'La tormenta', 'Los hijos', 'El reloj',
];
export const TITLE_COMPLEMENTS = [
  'del norte', 'de Sevilla', 'sin nombre', 'de los espejos', 'al amanecer', 'de cristal', 'de medianoche', 'del capitán', 'de agosto',
  'bajo la lluvia', 'en el desierto', 'entre olivos', 'de papel', 'sin retorno', 'de los valientes', 'del sur', 'en Madrid', 'de la montaña',
  'junto al mar', 'de invierno',
];

export const COUNTRIES = ['España', 'España', 'España', 'Francia', 'Italia', 'México', 'Argentina', 'Estados Unidos', 'Reino Unido', 'Alemania'];
export const AGE_RATINGS = ['TP', '7', '12', '16', '18'];

export const SERIES_TITLES = [
  'Distrito Sur', 'Los de la calle Mayor', 'Hospital Alameda', 'Unidad Norte', 'La Comisaría', 'Hotel Las Palmeras', 'Colegio Mayor',
  'El Internado del Lago', 'Familia Quintana', 'Barrio Chino', 'Mareas', 'La Academia', 'Aurora', 'Tierra de lobos', 'Puerto Perdido',
  'Los Guardianes', 'Vidas cruzadas', 'La Sastrería', 'Código Cero', 'Bodega Familiar', 'Fuera de juego', 'Planeta Rojo', 'Los Peques del Parque',
  'Aventuras en la Granja', 'Detectives Junior', 'Laboratorio Loco',
];
export const EPISODE_PHRASES = [
  'El regreso', 'Sin salida', 'La decisión', 'Viejos amigos', 'Bajo sospecha', 'La fiesta', 'Tormenta', 'El juicio', 'Primer día', 'La apuesta',
  'Secretos', 'El accidente', 'Reencuentro', 'La boda', 'Última oportunidad', 'Cuenta atrás', 'La visita', 'Frente a frente', 'El plan', 'Despedida',
];

export const TEAMS = [
  'Real Madrid', 'FC Barcelona', 'Atlético de Madrid', 'Sevilla FC', 'Real Betis', 'Valencia CF', 'Athletic Club', 'Real Sociedad', 'Villarreal CF',
  'Celta de Vigo', 'RCD Mallorca', 'CA Osasuna', 'Getafe CF', 'Girona FC',
];
export const BASKET_TEAMS = ['Unicaja', 'Baskonia', 'Valencia Basket', 'Joventut', 'Gran Canaria', 'Real Madrid Baloncesto', 'Barça Basket', 'Tenerife'];
export const CITIES = ['Madrid', 'Barcelona', 'Valencia', 'Sevilla', 'Mallorca', 'Montecarlo', 'Roma', 'París', 'Londres', 'Jerez', 'Montmeló', 'Aragón'];
export const ANIMALS = ['el lince ibérico', 'las ballenas', 'el oso pardo', 'los lobos', 'el águila imperial', 'los pulpos', 'las abejas', 'los elefantes', 'el quebrantahuesos'];
export const CIVILIZATIONS = ['Roma', 'Al-Ándalus', 'los íberos', 'Egipto', 'los mayas', 'Cartago', 'los vikingos', 'el Imperio español', 'los celtas'];
export const DESTINATIONS = ['Japón', 'Islandia', 'Marruecos', 'Perú', 'La Rioja', 'Noruega', 'Vietnam', 'Canarias', 'Patagonia', 'Escocia'];
export const SCIENCE_TOPICS = ['los agujeros negros', 'el cerebro', 'la inteligencia artificial', 'los volcanes', 'el clima', 'el ADN', 'Marte', 'los océanos'];
export const CARTOONS = ['Los Pitufitos', 'Rayo el cohete', 'Lola y Tino', 'La patrulla del bosque', 'Dino Explorador', 'Pipo y sus amigos', 'El Mundo de Nina'];
export const MUSIC_SHOWS = ['Éxitos del momento', 'Lista de éxitos', 'Concierto en directo', 'Clásicos de los 80', 'Sesión acústica', 'Noche de flamenco', 'Top 40'];
